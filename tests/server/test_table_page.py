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

import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    CHROMIUM,
    FLAGS,
    SIZES,
    box,
    contrasts,
    on_one_line,
    open_lobby,
    page_errors,
    settle,
    sit,
    wait_until,
)

from golfo import PRESETS
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
    wait_until(page, f"Number(document.querySelector('#table').dataset.version) > {version}")


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


FOCUS = """() => {  // where the keyboard is: a move, a card of the hand, the turn line, the result
  const at = document.activeElement;
  if (!at || at === document.body) return "body";
  if (at.closest("#buttons")) return "move";
  if (at.closest("#my-hand")) return "hand";
  if (at.closest("#results")) return "result";
  return at.id || at.tagName;
}"""


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
    picked = False
    while view["phase"] != "between_hands":
        moves = view["moves"]
        if moves is not None and not picked and (moves["discard_max"] or 0) >= 2:
            picked = True  # two cards picked: the discard's words on one line, then put back
            for card in view["hand"][:2]:
                page.click(f"#my-hand [data-card='{card}']")
            discard = box(page, "#buttons [data-kind='discard']")
            assert discard["height"] == box(page, "#buttons [data-kind='stand_pat']")["height"]
            for card in view["hand"][:2]:
                page.click(f"#my-hand [data-card='{card}']")
        if moves is not None:
            click_passively(page, view)
        else:
            page.wait_for_timeout(50)
        view = settle(page, client, table["table"], token)
    assert picked
    result = view["results"][-1]
    assert result["showdown"]
    expect(page.locator("#results")).to_be_visible()
    in_sight(page, "#results")
    shown = page.eval_on_selector_all("#shown tr", "n => n.map(r => r.dataset.seat)")
    assert shown == ["0", "1", "2"]
    cards = page.eval_on_selector_all(  # side by side, none over another, all in the card
        "#shown .shown-cards",
        "n => n.map(s => [...s.children].map(c => c.getBoundingClientRect().toJSON()))",
    )
    panel = box(page, "#results")
    for row in cards:
        for left, right in itertools.pairwise(row):
            assert left["right"] <= right["left"], (left, right)
        assert row[-1]["right"] <= panel["x"] + panel["width"]
    note = box(page, "#next-note")
    gap = box(page, "#result-buttons")["y"] - (note["y"] + note["height"])
    assert gap < 24  # the button right under the words, no empty space between
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
    # the server starts the next hand after its pause: the result stays, out of the felt's
    # way (below the moves), and only closes; the hand is playable, its turn in sight
    title = "document.querySelector('#hand-title').textContent"
    wait_until(page, f"{title}.endsWith('{result['hand_number'] + 1}')")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#result-buttons button .label")).to_have_text(["Cerrar"])
    view = settle(page, client, table["table"], token)
    assert view["hand_number"] == result["hand_number"] + 1
    while view["moves"] is None:
        page.wait_for_timeout(50)
        view = settle(page, client, table["table"], token)
    expect(page.locator("#turn")).to_have_text("Te toca")
    in_sight(page, "#turn")
    in_sight(page, "#buttons button >> nth=0")
    assert box(page, "#results")["y"] >= box(page, "#moves")["y"] + box(page, "#moves")["height"]
    # a reload shows it again, until it is put away (kept for this tab)
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results-title")).to_contain_text(f"Mano n.º {result['hand_number']}")
    page.keyboard.press(page.evaluate("KEYS.es.next_hand"))  # moves on: only puts it away
    expect(page.locator("#results")).to_be_hidden()
    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"\d"))
    expect(page.locator("#results")).to_be_hidden()
    assert settle(page, client, table["table"], token)["hand_number"] == view["hand_number"]
    assert not errors


@pytest.mark.parametrize(("size", "lang"), [("desktop", "es"), ("phone", "en")])
def test_a_whole_hand_by_keyboard_each_event_heard_once(
    browser: Browser, server: LiveServer, size: str, lang: str, shots: Path
) -> None:
    client = Client(server.url)
    # seed 2 (with serverkit's secret): a first hand where the player both discards and bets
    table = client.create_table(rules="ludoteka", bots=BOTS, seed=2, pause=None, **FAST)
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
            if lang == "es":  # by its key, from the hand
                page.keyboard.press(keys["discard"])
            else:
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
            low, high = moves[kind]  # the label says the range; the button, the move
            words = {"es": f"de {low} a {high}", "en": f"from {low} to {high}"}[lang]
            expect(page.locator("#amount-label")).to_have_text(words)
            choice = next(c for c in view["choices"] if c["kind"] == kind)
            assert page.get_attribute("#amount", "aria-label") == choice[lang]
            page.keyboard.type(str(moves[kind][0]))
            shot(page, shots, "betting", size)
            page.keyboard.press("Enter")
            moved(page, view["version"])
        else:
            kind = "call" if moves["call"] is not None else "pass" if moves["pass"] else "fold"
            page.keyboard.press(keys[kind])
            moved(page, view["version"])
        if moves is not None:  # after a move the keyboard stays: the turn line, or the next move
            # two frames on, so that the browser has moved off any node the view hid
            page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            assert page.evaluate(FOCUS) in ("turn", "move", "hand", "result")
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
    wait_until(
        page,
        f"document.querySelector('#hand-title').textContent.endsWith('{view['hand_number'] + 1}')",
    )
    expect(page.locator("#results")).to_be_hidden()
    assert settle(page, client, table["table"], token)["hand_number"] == view["hand_number"] + 1
    assert not errors


def test_ending_the_game_asks_first(
    browser: Browser, server: LiveServer, size: str, shots: Path
) -> None:
    client = Client(server.url)
    # seed 5 (with serverkit's secret): a first hand where a bet comes before the player's turn
    table = client.create_table(rules="tradicional", bots=BOTS, seed=5, pause=None, **FAST)
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
    # a folded seat's words and its "no va" are legible on the felt (WCAG AA), light or dark
    ratios = contrasts(page, ".seat.folded .name, .seat.folded .stack, .flag.folded")
    assert len(ratios) >= 3
    assert min(ratios) >= 4.5, ratios
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
    rules = page.eval_on_selector_all("#create [name=rules] option", "n => n.map(o => o.value)")
    assert rules == list(PRESETS)  # every preset, none other
    for name, preset in PRESETS.items():
        page.select_option("#create [name=rules]", name)  # "hands": empty, the rules' own
        wanted = "sin límite" if preset.hands is None else str(preset.hands)
        assert page.get_attribute("#create [name=hands]", "placeholder") == wanted
        sizes = page.eval_on_selector_all(
            "#create [name=players] option", "n => n.map(o => Number(o.value))"
        )
        assert sizes == list(preset.table_sizes)  # the seats these rules allow, no other
    page.select_option("#create [name=rules]", "ludoteka")
    page.fill("#name", "Marta")
    page.fill("#create [name=seed]", "5")
    page.select_option("#create [name=players]", "4")
    page.select_option("#seat-kinds select[data-seat='2']", "random")
    shot(page, shots, "lobby", size)
    page.click("#create-table")
    page.wait_for_url("**/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    expect(page.locator("#seats [data-seat='0'] .name")).to_have_text("Marta (tú)")
    # four players: the dealer (the creator, seat 0, in the first hand) sits it out, and
    # is told so where its cards would be
    expect(page.locator("#hand-note")).to_have_text(
        "Descansas esta mano: con cuatro jugadores el dador no juega"
    )
    assert min(contrasts(page, ".seat.sitting-out .name, .seat.sitting-out .stack")) >= 4.5
    # the seat across the table has room for five backs (a full hand) and its chips on a line
    top = "#seats [data-slot='top']"
    room = page.eval_on_selector(
        top,
        """seat => {
          const style = getComputedStyle(seat);
          const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
          const inner = seat.clientWidth - pad;
          const back = seat.querySelector(".back");
          const gap = parseFloat(getComputedStyle(back.parentElement).columnGap) || 0;
          return [inner, 5 * back.getBoundingClientRect().width + 4 * gap];
        }""",
    )
    assert room[0] >= room[1], room
    assert on_one_line(page, f"{top} .stack")
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
    # the lobby checks its numbers itself, in its own words (not the browser's bubble)
    open_lobby(page, server.url)
    tables = {t["table"] for t in client.tables()}
    hands_bad = {
        "es": "Las manos tienen que ser un número entero de 1 a 10000"
        " (o el campo vacío, para las de las reglas).",
        "en": "Hands must be a whole number from 1 to 10000"
        " (or an empty field, for the rules' own number).",
    }[lang]
    for hands in ("0", "2.5", "10001"):
        page.fill("#create [name=hands]", hands)
        page.click("#create-table")
        expect(page.locator("#lobby-error")).to_have_text(hands_bad)
        expect(page.locator("#create [name=hands]")).to_be_focused()
        assert page.get_attribute("#create [name=hands]", "aria-invalid") == "true"
    page.fill("#create [name=hands]", "")
    page.fill("#create [name=seed]", "-1")
    page.click("#create-table")
    expect(page.locator("#lobby-error")).to_contain_text(
        {"es": "La semilla tiene que ser", "en": "The seed must be"}[lang]
    )
    assert page.get_attribute("#create [name=hands]", "aria-invalid") is None
    assert {t["table"] for t in client.tables()} == tables  # nothing created
    in_sight(page, "#lobby-error")
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


def boxes_apart(page: Page, selector: str) -> list[dict[str, float]]:
    """The boxes of the nodes matching ``selector``: each wholly inside the viewport, and no
    two overlapping."""
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector, "n => n.map(e => e.getBoundingClientRect().toJSON())"
    )
    viewport = page.viewport_size
    assert viewport is not None
    for one in found:
        assert min(one["left"], one["top"]) >= 0, one
        assert one["right"] <= viewport["width"], one
        assert one["bottom"] <= viewport["height"], one
    for a, b in itertools.combinations(found, 2):
        apart = a["right"] <= b["left"] or b["right"] <= a["left"]
        assert apart or a["bottom"] <= b["top"] or b["bottom"] <= a["top"], (a, b)
    return found


def test_a_two_seat_mini_table_from_the_lobby(
    browser: Browser, server: LiveServer, size: str, shots: Path
) -> None:
    page = new_page(browser, size)
    errors = page_errors(page)
    open_lobby(page, server.url)
    page.fill("#name", "Marta")
    page.select_option("#create [name=rules]", "mini")
    assert page.input_value("#create [name=players]") == "3"  # kept: MINI is played by three
    page.select_option("#create [name=players]", "2")
    expect(page.locator("#seat-kinds select")).to_have_count(1)  # the one other seat: a bot
    page.fill("#create [name=seed]", "4")
    shot(page, shots, "lobby-mini", size)
    page.click("#create-table")
    page.wait_for_url("**/#/table/*")
    table = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"JSON.parse(localStorage.getItem('golfo.seat.{table}')).token")
    client = Client(server.url)
    summary = client.table(table)
    assert (summary["players"], summary["preset"]) == (2, "mini")
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
    # the lobby names its rules
    open_lobby(page, server.url)
    expect(page.locator(f"#tables li[data-table='{table}'] .what")).to_contain_text(
        "Mini · 2 jugadores"
    )
    page.click(f"#tables li[data-table='{table}'] [data-back]")
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    # two seats: mine at the bottom, the other across the table
    slots = page.eval_on_selector_all(
        "#seats .seat", "n => n.map(s => [s.dataset.seat, s.dataset.slot])"
    )
    assert slots == [["0", "me"], ["1", "top"]]
    view = settle(page, client, table, token)
    discarded = False
    while view["phase"] != "end":  # MINI is one hand: the game ends with it
        moves = view["moves"]
        if moves is not None and moves["discard_max"] and not discarded:
            discarded = True  # a card thrown and another drawn: the hand is one card again
            page.click(f"#my-hand [data-card='{view['hand'][0]}']")
            page.click("#buttons [data-kind='discard']")
            moved(page, view["version"])
        elif moves is not None:
            if not discarded:
                boxes_apart(page, "#seats .seat, .centre, #my-hand .card, #buttons button")
                shot(page, shots, "mini-two-seats", size)
            click_passively(page, view)
        else:
            page.wait_for_timeout(50)
        view = settle(page, client, table, token)
        assert len(view["hand"]) <= 1
    assert discarded  # seed 4 (with serverkit's secret): the bot calls, the player discards
    expect(page.locator("#results")).to_be_visible()
    in_sight(page, "#results")
    shown = page.eval_on_selector_all("#shown tr", "n => n.map(r => r.dataset.seat)")
    assert shown == ["0", "1"]
    expect(page.locator("#winner")).not_to_be_empty()
    shot(page, shots, "mini-end", size)
    assert not errors
