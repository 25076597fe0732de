"""The table page as a player meets it, on a desktop (1280x800) and a phone (390x844): the last
hand's result in sight until the player moves on, a whole hand by keyboard, each event heard
once, the end of a game confirmed first, the creator seated by "create", worded refusals.

Debian's Chromium driven by Playwright against a real ``golfo serve`` process (one SQLite
store: ``test_browser.py`` checks the pages on both stores).  Every page is checked against
the server's view of its seat at each step (``browserkit.settle``: the same hand, stacks,
bets, moves, and no card the seat may not know).  Screenshots of every phase are written to
``$GOLFO_SCREENSHOTS`` (default: the test's temporary folder); the ones in
``docs/assets/screenshots/`` were taken so.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import CHROMIUM, FLAGS, SIZES, open_lobby, page_errors, settle, sit

from golfo.server.client import Client

if CHROMIUM is None:  # pragma: no cover - .ci/run installs it
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect, sync_playwright
from serverkit import LiveServer

FAST = {"bot_delay": 0.01, "name": "Ana"}
BOTS = {"1": "heuristic", "2": "heuristic"}


SPY = """() => {  // what a screen reader would hear: the live region's additions, the status
  const watch = (id, what, f) => new MutationObserver(f).observe(document.getElementById(id), what);
  window.heard = [];
  watch("heard", { childList: true }, (records) => {
    for (const r of records) for (const n of r.addedNodes) heard.push(n.dataset.key);
  });
  window.statusWrites = 0;
  watch("status", { childList: true, characterData: true, subtree: true }, (r) => {
    statusWrites += r.length;
  });
  window.views = 0;
  watch("table", { attributes: true, attributeFilter: ["data-version"] }, () => { views++; });
}"""


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
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("GOLFO_SCREENSHOTS", tmp_path / "shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def new_page(
    browser: Browser, size: str, lang: str = "es", theme: str | None = None, spy: bool = False
) -> Page:
    """A page of its own (its own storage) on a desktop or a phone (a touch screen), in
    ``lang``; with ``spy``, observers of the history, the status line and the views shown
    (:data:`SPY`) installed as the page starts."""
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(  # still pictures: no motion
        viewport={"width": width, "height": height},
        has_touch=phone,
        is_mobile=phone,
        reduced_motion="reduce",
    )
    script = f"localStorage.setItem('golfo.lang', '{lang}');"
    if theme:
        script += f"localStorage.setItem('golfo.theme', '{theme}');"
    context.add_init_script(script)
    if spy:
        context.add_init_script(f"document.addEventListener('DOMContentLoaded', {SPY});")
    return context.new_page()


def shot(page: Page, shots: Path, name: str, size: str) -> None:
    page.screenshot(path=str(shots / (f"{name}.png" if size == "desktop" else f"{name}-phone.png")))


def moved(page: Page, version: int) -> None:
    """Wait until the page shows a view after ``version``."""
    page.wait_for_function(f"Number(document.querySelector('#table').dataset.version) > {version}")


def in_sight(page: Page, selector: str) -> None:
    """``selector`` is visible and wholly inside the viewport."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    viewport = page.viewport_size
    assert viewport is not None
    assert box["x"] >= 0, box
    assert box["y"] >= 0, box
    assert box["x"] + box["width"] <= viewport["width"], (box, viewport)
    assert box["y"] + box["height"] <= viewport["height"], (box, viewport)


def click_passively(page: Page, view: dict[str, Any]) -> None:
    """Pass, call or stand pat, by clicking."""
    moves = view["moves"]
    kind = "stand_pat" if moves["discard_max"] is not None else "pass" if moves["pass"] else "call"
    page.click(f"#buttons [data-kind='{kind}']")
    moved(page, view["version"])


def test_the_result_stays_in_sight_until_the_player_moves_on(
    browser: Browser, server: LiveServer, size: str, shots: Path
) -> None:
    client = Client(server.url)
    # a pause the server keeps between hands by itself: the result outlasts it
    table = client.create_table(rules="ludoteka", bots=BOTS, seed=3, pause=1.5, **FAST)
    page = new_page(browser, size)
    errors = page_errors(page)
    sit(page, server.url, table)
    token = table["token"]
    view = settle(page, client, table["table"], token)
    while view["phase"] != "between_hands":
        if view["moves"] is not None:
            click_passively(page, view)
        else:
            page.wait_for_timeout(50)
        view = settle(page, client, table["table"], token)
    result = view["results"][-1]
    assert result["showdown"]
    expect(page.locator("#results")).to_be_visible()
    in_sight(page, "#results")
    shown = page.eval_on_selector_all("#shown tr", "n => n.map(r => r.dataset.seat)")
    assert shown == ["0", "1", "2"]
    for seat, cards in enumerate(result["shown"]):  # the cards shown, in the card and the seats
        for card in cards or []:
            expect(
                page.locator(f"#shown tr[data-seat='{seat}'] [data-card='{card}']")
            ).to_be_visible()
            if seat != 0:
                expect(
                    page.locator(f"#seats [data-seat='{seat}'] [data-card='{card}']")
                ).to_be_attached()
    expect(page.locator("#results [data-kind='next_hand']")).to_be_focused()
    shot(page, shots, "showdown", size)
    page.click("#theme")  # the dark theme, kept in the browser's storage
    assert page.evaluate("localStorage.getItem('golfo.theme')") == "dark"
    shot(page, shots, "showdown-dark", size)
    page.click("#theme")
    # the server starts the next hand after its pause: the result stays, the hand is playable
    page.wait_for_function(
        f"document.querySelector('#hand-title').textContent.endsWith('{result['hand_number'] + 1}')"
    )
    expect(page.locator("#results")).to_be_visible()
    in_sight(page, "#results")
    view = settle(page, client, table["table"], token)
    assert view["hand_number"] == result["hand_number"] + 1
    page.keyboard.press(page.evaluate("KEYS.es.next_hand"))  # moves on: only puts it away
    expect(page.locator("#results")).to_be_hidden()
    assert settle(page, client, table["table"], token)["hand_number"] == view["hand_number"]
    assert not errors


@pytest.mark.parametrize(("size", "lang"), [("desktop", "es"), ("phone", "en")])
def test_a_whole_hand_by_keyboard_each_event_heard_once(
    browser: Browser, server: LiveServer, size: str, lang: str, shots: Path
) -> None:
    client = Client(server.url)
    table = client.create_table(rules="ludoteka", bots=BOTS, seed=1, pause=None, **FAST)
    page = new_page(browser, size, lang, spy=True)
    errors = page_errors(page)
    sit(page, server.url, table)
    token = table["token"]
    status_writes = page.evaluate("statusWrites")  # connecting, then online
    keys = page.evaluate(f"KEYS.{lang}")
    did: set[str] = set()
    view = settle(page, client, table["table"], token)
    while view["phase"] != "between_hands":
        moves = view["moves"]
        if moves is None:
            page.wait_for_timeout(50)
        elif moves["discard_max"] is not None and "discard" not in did:
            did.add("discard")
            # the keyboard is in the hand: arrows move along it, Space picks, focus stays
            focused = page.evaluate("document.activeElement.dataset.card || null")
            assert focused == view["hand"][0]
            for _ in range(2):
                page.keyboard.press("ArrowRight")
                card = page.evaluate("document.activeElement.dataset.card")
                page.keyboard.press("Space")
                assert page.evaluate("document.activeElement.dataset.card") == card
                assert (
                    page.get_attribute(f"#my-hand [data-card='{card}']", "aria-pressed") == "true"
                )
            page.keyboard.press("End")
            assert page.evaluate("document.activeElement.dataset.card") == view["hand"][-1]
            page.keyboard.press("Home")
            assert page.evaluate("document.activeElement.dataset.card") == view["hand"][0]
            assert page.evaluate("document.activeElement.tabIndex") == 0
            shot(page, shots, "hand", size)
            page.keyboard.press("Tab")  # out of the hand: to the discard
            assert page.evaluate("document.activeElement.dataset.kind") == "discard"
            page.keyboard.press("Enter")
            moved(page, view["version"])
        elif moves["discard_max"] is not None:
            page.keyboard.press(keys["stand_pat"])
            moved(page, view["version"])
        elif "wager" not in did and (moves["bet"] or moves["raise"]):
            did.add("wager")
            kind = "bet" if moves["bet"] else "raise"
            page.keyboard.press(keys[kind])  # to the amount
            assert page.evaluate("document.activeElement.id") == "amount"
            page.keyboard.type(str(moves[kind][0]))
            shot(page, shots, "betting", size)
            page.keyboard.press("Enter")
            moved(page, view["version"])
        else:
            kind = "call" if moves["call"] is not None else "pass" if moves["pass"] else "fold"
            page.keyboard.press(keys[kind])
            moved(page, view["version"])
        view = settle(page, client, table["table"], token)
    assert did == {"discard", "wager"}
    # the result: in sight, its "next hand" focused; each event was heard once, in order
    expect(page.locator("#results [data-kind='next_hand']")).to_be_focused()
    in_sight(page, "#results")
    heard = page.evaluate("heard")
    listed = page.eval_on_selector_all("#history li", "n => n.map(li => li.dataset.key)")
    assert heard == listed
    assert len(set(heard)) == len(heard)
    events = [
        e for e in view["history"] if not (e["type"] == "dealt" and e["card"] is None)
    ]  # the others' cards dealt face down are not told
    assert len(heard) == len(events) + 1  # and the result, once
    assert page.get_attribute("#heard", "aria-live") == "polite"
    assert page.locator("#heard").aria_snapshot().count("- paragraph") == len(heard)
    assert page.evaluate("views") > 5
    assert page.evaluate("statusWrites") == status_writes  # not written again at each view
    page.keyboard.press("Enter")  # the next hand
    page.wait_for_function(
        f"document.querySelector('#hand-title').textContent.endsWith('{view['hand_number'] + 1}')"
    )
    expect(page.locator("#results")).to_be_hidden()
    assert settle(page, client, table["table"], token)["hand_number"] == view["hand_number"] + 1
    assert not errors


def test_ending_the_game_asks_first(
    browser: Browser, server: LiveServer, size: str, shots: Path
) -> None:
    client = Client(server.url)
    table = client.create_table(rules="tradicional", bots=BOTS, seed=9, pause=None, **FAST)
    page = new_page(browser, size, theme="dark" if size == "phone" else None)
    sit(page, server.url, table)
    token = table["token"]
    view = settle(page, client, table["table"], token)
    while view["phase"] != "between_hands":  # fold at once
        moves = view["moves"]
        if moves is not None:
            kind = "fold" if moves["fold"] else "pass" if moves["pass"] else "stand_pat"
            page.click(f"#buttons [data-kind='{kind}']")
            moved(page, view["version"])
        else:
            page.wait_for_timeout(50)
        view = settle(page, client, table["table"], token)
    expect(page.locator("#results")).to_be_visible()
    shot(page, shots, "standings", size)
    next_hand = page.locator("#results [data-kind='next_hand']")
    expect(next_hand).to_be_focused()  # moving on is the obvious move
    assert "primary" in (next_hand.get_attribute("class") or "")
    page.click("#results [data-kind='end_game']")
    expect(page.locator("#confirm-end")).to_be_visible()  # an in-page dialog
    expect(page.locator("#confirm-no")).to_be_focused()
    shot(page, shots, "confirm-end", size)
    page.keyboard.press("Escape")  # not ended
    expect(page.locator("#confirm-end")).to_be_hidden()
    assert client.table(table["table"])["phase"] == "between_hands"
    page.keyboard.press(page.evaluate("KEYS.es.end_game"))  # its key asks too
    expect(page.locator("#confirm-end")).to_be_visible()
    page.click("#confirm-yes")
    expect(page.locator("#table")).to_have_attribute("data-phase", "end")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#winner")).not_to_be_empty()
    in_sight(page, "#results")
    settle(page, client, table["table"], token)
    shot(page, shots, "end", size)
    page.click("#results [data-kind='lobby']")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator(f"#tables li[data-table='{table['table']}']")).to_have_count(0)  # over


def test_create_seats_the_creator(
    browser: Browser, server: LiveServer, size: str, shots: Path
) -> None:
    page = new_page(browser, size)
    open_lobby(page, server.url)
    assert page.input_value("#create [name=pause]") == ""  # until a player asks: the default
    page.fill("#name", "Marta")
    page.select_option("#create [name=players]", "4")
    page.select_option("#seat-kinds select[data-seat='2']", "random")
    shot(page, shots, "lobby", size)
    page.click("#create-table")
    page.wait_for_url("**/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    expect(page.locator("#seats [data-seat='0'] .name")).to_have_text("Marta (tú)")
    kept = page.evaluate(f"JSON.parse(localStorage.getItem('golfo.seat.{table}'))")
    assert kept["seat"] == 0
    summary = Client(server.url).table(table)
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot", "bot"]
    assert summary["pause"] is None
    settle(page, Client(server.url), table, kept["token"])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_refusals_are_worded_for_the_player(
    browser: Browser, server: LiveServer, lang: str
) -> None:
    client = Client(server.url)
    table = client.create_table(rules="ludoteka", bots=BOTS, seed=1, pause=None, **FAST)
    page = new_page(browser, "desktop", lang)
    sit(page, server.url, table)
    token = table["token"]
    view = settle(page, client, table["table"], token)
    while not (view["moves"] and (view["moves"]["bet"] or view["moves"]["raise"])):
        page.wait_for_timeout(50)
        view = settle(page, client, table["table"], token)
    kind = "bet" if view["moves"]["bet"] else "raise"
    low, high = view["moves"][kind]
    wanted = {
        "es": f"La cantidad tiene que ser un número entero de {low} a {high}.",
        "en": f"The amount must be a whole number from {low} to {high}.",
    }[lang]
    for amount in ("-5", "2.5", str(high + 1)):
        page.fill("#amount", amount)
        page.click("#wager-go")
        expect(page.locator("#moves .alert")).to_have_text(wanted)
        assert settle(page, client, table["table"], token)["version"] == view["version"]  # unsent
    in_sight(page, "#error")
    # a refusal by the server (a move it cannot read) is worded in the page's language too
    page.evaluate(
        "send({type: 'action', version: app.view.version,"
        " action: {type: 'bet', seat: 0, amount: 2.5}})"
    )
    refused = {"es": "no se ha entendido la jugada", "en": "the move could not be read"}[lang]
    expect(page.locator("#error")).to_have_text(refused)
    page.fill("#amount", str(low))  # a good attempt clears the old error
    page.click("#wager-go")
    expect(page.locator("#error")).to_be_hidden()
    moved(page, view["version"])
