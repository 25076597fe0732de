"""The web table in a real browser, for the tests: Debian's Chromium driven by Playwright, and
the checks of what a page shows against the server's view of its seat."""

from __future__ import annotations

import re
import shutil
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from golfo.server.client import Client

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
"""The two screens every page is checked on."""


def page_errors(page: Page) -> list[str]:
    """The page's uncaught errors and console errors, as they come."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def wait_until(page: Page, expression: str, timeout: float = 30.0) -> None:
    """Wait until the JavaScript ``expression`` is true in ``page``, checked at every frame
    the page draws (as Playwright's ``wait_for_function`` does).

    ``wait_for_function`` itself cannot be used: it evaluates its expression with ``eval``
    inside the page, which the page's Content-Security-Policy refuses (no ``'unsafe-eval'``).
    Here the expression is part of the function ``page.evaluate`` sends through the
    browser's debugging protocol, which the policy does not govern."""
    wait = f"""async () => {{
      const deadline = performance.now() + {int(timeout * 1000)};
      while (!({expression})) {{
        if (performance.now() > deadline) return false;
        await new Promise((next) => requestAnimationFrame(next));
      }}
      return true;
    }}"""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(wait):
                return
        except PlaywrightError as error:  # the page navigated meanwhile: ask the new one
            if "context was destroyed" not in str(error):
                raise
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"


def server_view(client: Client, table: str, token: str) -> dict[str, Any]:
    with client.connect(table, token) as socket_:
        return socket_.view()


def shown_version(page: Page) -> int:
    return int(page.get_attribute("#table", "data-version") or -1)


SNAPSHOT = """() => {
  const all = (q, f) => [...document.querySelectorAll(q)].map(f);
  return {
    version: Number(document.querySelector("#table").dataset.version),
    hand: all("#my-hand .card", (c) => c.dataset.card),
    stacks: all("#seats .stack", (s) => Number(s.dataset.value)),
    bets: all("#seats .bet", (s) => Number(s.dataset.value)),
    pot: Number(document.querySelector("#pot").dataset.value),
    kinds: all("#buttons button", (b) => b.dataset.kind),
    wager: !document.querySelector("#wager").hidden,
    low: document.querySelector("#amount").min,
    high: document.querySelector("#amount").max,
    backs: all("#seats .seat", (s) => {
      const b = s.querySelector(".backs");
      return b ? Number(b.dataset.count) : 0;
    }),
    cards: all("[data-card]", (c) => c.dataset.card),
    marks: all("[data-card] .rank", (r) => [
      r.closest("[data-card]").dataset.card, getComputedStyle(r).textDecorationLine,
    ]),
    html: document.documentElement.outerHTML,
  };
}"""


def settle(page: Page, client: Client, table: str, token: str) -> dict[str, Any]:
    """Wait until the page shows the server's current view of the seat, and check that it
    shows exactly that view (the server's, read over the test's own socket with the seat's
    token, before and after the page is read: the same version).  The view."""
    deadline = time.monotonic() + 30
    while True:
        view = server_view(client, table, token)
        shown = page.evaluate(SNAPSHOT)
        again = server_view(client, table, token)
        if shown["version"] == view["version"] == again["version"]:
            check_page(shown, view)
            return view
        assert time.monotonic() < deadline, (shown["version"], view["version"])
        page.wait_for_timeout(50)


def knowable(view: dict[str, Any]) -> set[str]:
    """The cards a view lets its seat know: its hand, the discards it saw, every hand shown."""
    cards = set(view["hand"])
    for discard in view["discards"]:
        cards |= set(discard["cards"] or ())
    for event in view["history"]:
        if event["type"] == "dealt" and event["card"]:
            cards.add(event["card"])
        if event["type"] == "discarded" and event["cards"]:
            cards |= set(event["cards"])
    for result in view["results"]:
        for shown in result["shown"]:
            cards |= set(shown or ())
    return cards


def check_page(shown: dict[str, Any], view: dict[str, Any]) -> None:
    """What the page shows (a snapshot of its DOM) is exactly the server's view of the seat,
    and it holds no card the view does not let the seat know."""
    assert shown["hand"] == view["hand"]
    assert shown["stacks"] == view["stacks"]
    assert shown["bets"] == view["bets"]
    assert shown["pot"] == view["pot"]
    expected = [c["kind"] for c in view["choices"] or [] if c["kind"] not in ("bet", "raise")]
    if view["phase"] == "between_hands" and view["seat"] is not None and shown["kinds"]:
        # the result put away: the moves between hands are below the hand
        expected = ["next_hand"] + (["end_game"] if view["rules"]["hands"] is None else [])
    assert shown["kinds"] == expected
    wager = [c for c in view["choices"] or [] if c["kind"] in ("bet", "raise")]
    assert shown["wager"] == bool(wager)
    if wager:
        assert (shown["low"], shown["high"]) == (str(wager[0]["low"]), str(wager[0]["high"]))
    last = view["results"][-1] if view["results"] else None
    over = view["phase"] in ("between_hands", "end")
    shows = last if over and last and last["hand_number"] == view["hand_number"] else None
    backs = [
        0 if s == view["seat"] or (shows and shows["shown"][s]) else n
        for s, n in enumerate(view["hand_sizes"])
    ]
    assert shown["backs"] == backs
    for card, line in shown["marks"]:  # a 6 and a 9 underlined: upside down, one reads as the other
        assert (line == "underline") == (card[0] in "69"), (card, line)
    known = knowable(view)
    assert set(shown["cards"]) <= known, set(shown["cards"]) - known
    named = set(CARD.findall(shown["html"]))  # in any words: "recibe 9C", "descarta 9C"...
    assert named <= known, named - known


CARD = re.compile(r"(?<![\w-])([3-9][OCEB])(?![\w-])")
"""A card's code as a word of its own, anywhere in a page."""


def open_lobby(page: Page, url: str) -> None:
    """The lobby, once the page has started: its words fetched, its handlers set and the
    list of tables shown (the list is filled last)."""
    page.goto(url + "/")
    expect(page.locator("#create-table")).to_be_visible()
    expect(page.locator("#tables li").first).to_be_attached()


def join(page: Page, table: str, seat: int) -> str:
    """Sit at ``seat`` from the lobby by clicking; the token the page keeps."""
    page.click(f"#tables li[data-table='{table}'] button[data-join='{seat}']")
    key = f"golfo.seat.{table}"
    wait_until(page, f"localStorage.getItem('{key}') !== null")
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    token: str = page.evaluate(f"JSON.parse(localStorage.getItem('{key}')).token")
    return token


def sit(page: Page, url: str, table: dict[str, Any]) -> None:
    """Open a table created with a ``name`` (its creator seated) as its creator would: the
    seat's token kept in the page's storage, then the table."""
    page.goto(url + "/")
    expect(page.locator("#create-table")).to_be_visible()
    key = f"golfo.seat.{table['table']}"
    page.evaluate(
        "([key, seat, token]) => localStorage.setItem(key, JSON.stringify({seat, token}))",
        [key, table["seat"], table["token"]],
    )
    page.goto(f"{url}/#/table/{table['table']}")
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"\d"))


CONTRAST = """(selector) => {
  // WCAG contrast of each match's text against what is behind it: its own and its
  // ancestors' background colours (alpha included) and opacities, over the felt's colour
  // (its lightest, --felt) inside the felt, else the page's background
  const rgba = (text) => {
    const hex = text.trim().match(/^#([0-9a-f]{6})$/i);
    if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat(1);
    const [r, g, b, a] = text.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a === undefined ? 1 : a];
  };
  const over = ([r, g, b, a], below) => [r, g, b].map((c, i) => c * a + below[i] * (1 - a));
  const mix = (top, below, o) => top.map((c, i) => c * o + below[i] * (1 - o));
  const lum = (rgb) => {
    const linear = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const [r, g, b] = rgb.map((c) => linear(c / 255));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return [...document.querySelectorAll(selector)].map((node) => {
    const felt = document.getElementById("felt");
    const chain = [];
    const top = felt.contains(node) ? felt : document.documentElement;
    for (let n = node; n && n !== top; n = n.parentElement) chain.unshift(n);
    const base = top === felt
      ? getComputedStyle(felt).getPropertyValue("--felt")
      : getComputedStyle(document.body).backgroundColor;
    const seen = (i, behind) => {  // [text, background] as seen, from chain[i] down
      if (i === chain.length) return [over(rgba(getComputedStyle(node).color), behind), behind];
      const style = getComputedStyle(chain[i]);
      const [text, back] = seen(i + 1, over(rgba(style.backgroundColor), behind));
      const o = Number(style.opacity);
      return [mix(text, behind, o), mix(back, behind, o)];
    };
    const [text, back] = seen(0, rgba(base).slice(0, 3));
    const [hi, lo] = [lum(text), lum(back)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  });
}"""


def contrasts(page: Page, selector: str) -> list[float]:
    """The WCAG contrast ratio of the text of each node matching ``selector`` (see
    :data:`CONTRAST`: solid and translucent backgrounds and opacity are counted)."""
    ratios: list[float] = page.evaluate(CONTRAST, selector)
    return ratios


def on_one_line(page: Page, selector: str) -> bool:
    """Whether the text of the node ``selector`` (an inline box) lies on one line."""
    lines: int = page.eval_on_selector(selector, "n => n.getClientRects().length")
    return lines == 1


def box(page: Page, selector: str) -> dict[str, float]:
    """The bounding box (``x``, ``y``, ``width``, ``height``) of the first node matching
    ``selector`` (which must be visible)."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return {"x": found["x"], "y": found["y"], "width": found["width"], "height": found["height"]}
