"""Other web sites against a live ``golfo serve``, from Debian's Chromium (issue 33, findings 8
and 9): the web client works under its Content-Security-Policy without a single violation;
a page of another origin (another port on loopback) cannot frame the table, nor create a
table, take a seat or open a socket; a frontend the operator allows (``--allow-origin``) can.

The headers and origins do not touch the database: one SQLite store.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import CHROMIUM, FLAGS, page_errors, settle, sit, wait_until

from golfo.server.client import Client

if CHROMIUM is None:  # pragma: no cover - .ci/run installs it
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect, sync_playwright
from serverkit import LiveServer

VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.violations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""
"""Installed before the page's own scripts: every CSP violation it meets, in
``window.violations``."""


class Site:
    """Another web site on loopback (another port: another origin), serving the pages the
    test gives it at ``/``."""

    def __init__(self) -> None:
        self.page = ""
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = site.page.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("db") / "golfo.sqlite3", "--rate", "1000")
    live.start()
    yield live
    live.stop()


@pytest.fixture
def site() -> Iterator[Site]:
    other = Site()
    yield other
    other.close()


def watched_page(browser: Browser) -> tuple[Page, list[str]]:
    """A page of its own whose CSP violations are recorded, and its errors."""
    context = browser.new_context(viewport={"width": 1100, "height": 950})
    context.add_init_script(VIOLATIONS)
    page = context.new_page()
    return page, page_errors(page)


def test_the_web_client_works_under_its_policy(browser: Browser, server: LiveServer) -> None:
    client = Client(server.url)
    # a turn timer: its clock's length is set from script (a style="..." would be refused)
    table = client.create_table(
        rules="ludoteka", bots={"1": "heuristic", "2": "heuristic"}, timer=300, seed=4, name="Ana"
    )
    page, errors = watched_page(browser)
    answer = page.goto(server.url + "/")
    assert answer is not None
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    sit(page, server.url, table)
    view = settle(page, client, table["table"], table["token"])
    while view["moves"] is None:  # the bots play until it is Ana's turn
        page.wait_for_timeout(100)
        view = settle(page, client, table["table"], table["token"])
    clock = page.locator("#seats .clock")
    expect(clock).to_be_attached()
    assert page.evaluate("window.violations") == []
    assert clock.evaluate("n => getComputedStyle(n).animationDuration") == "300s"
    expect(clock).to_be_visible()
    # a move, the history and the memory open: the page goes on drawing
    page.click("#buttons [data-kind='fold'], #buttons [data-kind='pass']")
    wait_until(
        page, f"Number(document.querySelector('#table').dataset.version) > {view['version']}"
    )
    page.click("#history-box summary")
    page.click("#memory-box summary")
    page.click("#lang")
    page.goto(server.url + "/")  # and the lobby
    expect(page.locator("#tables li").first).to_be_attached()
    assert page.evaluate("window.violations") == []
    assert errors == []


def test_another_site_cannot_frame_the_table(
    browser: Browser, server: LiveServer, site: Site
) -> None:
    client = Client(server.url)
    table = client.create_table(bots={"1": "heuristic"}, name="Ana")
    target = f"{server.url}/#/table/{table['table']}"
    site.page = (
        f'<!doctype html><iframe id="victim" src="{target}" width="800" height="600"></iframe>'
    )
    page, _ = watched_page(browser)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.goto(site.url + "/")  # its load event waits for the frame's
    for _ in range(600):  # Chromium says why, on the framing page's console
        if any("frame-ancestors" in text for text in console):
            break
        page.wait_for_timeout(50)
    assert any("frame-ancestors" in text for text in console), console
    (framed,) = [f for f in page.frames if f != page.main_frame]
    assert not framed.url.startswith(server.url), framed.url  # the browser's error page
    assert page.frame_locator("#victim").locator("#felt, #create-table, #lobby").count() == 0


ATTACK = """async ([server, table]) => {
  const json = { "Content-Type": "application/json" };
  const body = JSON.stringify({ name: "Eve" });
  const result = {};
  // no-cors: sent without asking, the answer unreadable
  const noCors = await fetch(`${server}/api/tables`, { method: "POST", mode: "no-cors", body });
  result.noCorsTable = noCors.type;
  await fetch(`${server}/api/tables/${table}/seats/1`, { method: "POST", mode: "no-cors", body });
  // a real JSON request: a CORS preflight first
  try {
    const seat = `${server}/api/tables/${table}/seats/1`;
    const answer = await fetch(seat, { method: "POST", headers: json, body });
    result.cors = [answer.status, await answer.json()];
  } catch (error) {
    result.cors = String(error);
  }
  result.socket = await new Promise((done) => {
    const ws = new WebSocket(`${server.replace("http", "ws")}/api/tables/${table}/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello" }));
    ws.onmessage = (event) => done(`read: ${JSON.parse(event.data).type}`);
    ws.onerror = () => done("refused");
    setTimeout(() => done("nothing"), 20000);
  });
  return result;
}"""
"""What a page of another site tries against the server, and what it got."""


def test_another_site_can_change_nothing(browser: Browser, server: LiveServer, site: Site) -> None:
    client = Client(server.url)
    table = client.create_table(bots={"2": "heuristic"}, name="Ana")["table"]
    before = client.tables()
    site.page = "<!doctype html><title>a game of cards</title>"
    page, _ = watched_page(browser)
    page.goto(site.url + "/")
    result = page.evaluate(ATTACK, [server.url, table])
    assert result["noCorsTable"] == "opaque"  # sent, and refused unseen
    assert "Failed to fetch" in result["cors"]  # no CORS for it: the browser read nothing
    assert result["socket"] == "refused"
    assert client.tables() == before  # no table made, seat 1 still free
    assert client.table(table)["free"] == [1]


def test_a_frontend_the_operator_allows_can_play(
    browser: Browser, site: Site, tmp_path: Path
) -> None:
    live = LiveServer(tmp_path / "golfo.sqlite3", "--allow-origin", site.url)
    client = live.start()
    try:
        table = client.create_table(bots={"2": "heuristic"}, name="Ana")["table"]
        site.page = "<!doctype html><title>our own frontend</title>"
        page, _ = watched_page(browser)
        page.goto(site.url + "/")
        result = page.evaluate(ATTACK, [live.url, table])
        status, seat = result["cors"]
        assert (status, seat["seat"]) == (201, 1)  # a JSON request, read by the page
        assert result["socket"] == "read: view"
        assert client.table(table)["free"] == []
    finally:
        live.stop()
