"""The web client in a real browser: Debian's Chromium driven by Playwright, against a real
``golfo serve`` process on 127.0.0.1.

What each page shows is checked against the server's view of that seat (read over a socket
of the test's own with the same token) at each step, on both stores.  The table page's
own behaviour (the result in sight, keyboard play, announcements, errors) and the screenshots
are in ``test_table_page.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browserkit import CHROMIUM, FLAGS, join, open_lobby, page_errors, settle, wait_until

from golfo.server.client import Client

if CHROMIUM is None:  # pragma: no cover - .ci/run installs it
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect, sync_playwright
from serverkit import LiveServer


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(db: str) -> Iterator[LiveServer]:
    live = LiveServer(db, "--rate", "1000", "--port", str(free_port()))
    live.start()
    yield live
    live.stop()


def create_from_the_lobby(page: Page, bots: dict[int, str], **fields: str) -> str:
    """Fill the lobby's form and create: the creator is seated and at the table; its id."""
    page.select_option("#create [name=rules]", fields.get("rules", "tradicional"))
    if "players" in fields:
        page.select_option("#create [name=players]", fields["players"])
    for seat, kind in bots.items():
        page.select_option(f"#seat-kinds select[data-seat='{seat}']", kind)
    for name in ("seed", "hands", "name"):
        if name in fields:
            page.fill(f"#create [name={name}]", fields[name])
    if "pause" in fields:
        page.select_option("#create [name=pause]", fields["pause"])
    page.click("#create-table")
    page.wait_for_url("**/#/table/*")
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    return page.url.rsplit("/", 1)[1]


def test_a_whole_hand_by_clicking(browser: Browser, server: LiveServer) -> None:
    client = Client(server.url)
    page = browser.new_page(viewport={"width": 1100, "height": 950})
    errors = page_errors(page)
    open_lobby(page, server.url)
    table = create_from_the_lobby(
        page, {1: "heuristic", 2: "random"}, seed="12", hands="6", name="Ana"
    )
    expect(page.locator("#my-hand .card").first).to_be_visible()
    token = page.evaluate(f"JSON.parse(localStorage.getItem('golfo.seat.{table}')).token")
    did: set[str] = set()
    for _ in range(400):
        view = settle(page, client, table, token)
        if view["phase"] == "end" or did >= {"bet", "call", "discard", "stand_pat", "fold"}:
            break
        if view["phase"] == "between_hands":  # the result, until the player moves on
            expect(page.locator("#results")).to_be_visible()
            page.click("#results [data-kind='next_hand']")
            wait_until(
                page,
                f"Number(document.querySelector('#table').dataset.version) > {view['version']}",
            )
            continue
        if view["moves"] is None:
            page.wait_for_timeout(100)
            continue
        moves = view["moves"]
        version = view["version"]
        if moves["discard_max"] is not None:
            if "discard" not in did and moves["discard_max"] >= 2:
                for card in view["hand"][:2]:  # click two cards, then the discard button
                    page.click(f"#my-hand .card[data-card='{card}']")
                expect(page.locator("#my-hand .card[aria-pressed='true']")).to_have_count(2)
                page.click("#buttons [data-kind='discard']")
                did.add("discard")
            else:
                page.click("#buttons [data-kind='stand_pat']")
                did.add("stand_pat")
        elif moves["bet"] is not None and "bet" not in did:
            page.fill("#amount", str(moves["bet"][0]))
            page.click("#wager-go")  # open
            did.add("bet")
        elif moves["call"] is not None and "call" not in did:
            page.click("#buttons [data-kind='call']")
            did.add("call")
        elif moves["fold"] and {"bet", "call", "discard", "stand_pat"} <= did:
            page.click("#buttons [data-kind='fold']")  # in a later hand
            did.add("fold")
        elif moves["pass"]:
            page.click("#buttons [data-kind='pass']")
        else:
            page.click("#buttons [data-kind='call']")
        wait_until(page, f"Number(document.querySelector('#table').dataset.version) > {version}")
    assert did >= {"bet", "call", "discard", "stand_pat", "fold"}, did
    assert not errors


SHOWN = """() => [
  Number(document.querySelector('#table').dataset.version),
  document.documentElement.outerHTML,
]"""
"""The version a page shows and its whole DOM, in one evaluation (so of the same moment)."""


def test_two_players_never_see_each_others_cards(browser: Browser, server: LiveServer) -> None:
    client = Client(server.url)
    table = client.create_table(rules="ludoteka", bots={"1": "heuristic"}, hands=2, seed=8)["table"]
    pages: dict[int, Page] = {}
    tokens: dict[int, str] = {}
    for seat in (0, 2):
        context = browser.new_context()  # its own storage: its own token
        page = context.new_page()
        open_lobby(page, server.url)
        page.fill("#name", f"p{seat}")
        page.click(f"#tables li[data-table='{table}'] button[data-join='{seat}']")
        expect(page.locator("#my-hand .card").first).to_be_visible()
        pages[seat] = page
        tokens[seat] = page.evaluate(
            f"JSON.parse(localStorage.getItem('golfo.seat.{table}')).token"
        )
    checked = 0
    for _ in range(300):
        views = {s: settle(pages[s], client, table, tokens[s]) for s in pages}
        if views[0]["version"] != views[2]["version"]:
            continue  # the table moved on between the two: look again, at one version
        if views[0]["phase"] == "end":
            break
        # each page's DOM with the version it shows, read at once (the bot may have moved
        # since the views were read, and a showdown shows every hand to everyone)
        shown = {s: pages[s].evaluate(SHOWN) for s in pages}
        if any(shown[s][0] != views[s]["version"] for s in pages):
            continue  # a page moved on since: look again, at one version
        for seat in pages:
            other = 2 - seat
            html = shown[seat][1]
            if views[seat]["phase"] not in ("between_hands", "end"):
                for card in views[other]["hand"]:  # the other's cards, hidden from this page
                    assert f'data-card="{card}"' not in html, (seat, card)
                    assert f"recibe {card}" not in html
                checked += 1
        if views[0]["phase"] == "between_hands":  # either player moves on
            pages[0].click("#results [data-kind='next_hand']")
            wait_until(
                pages[0],
                f"Number(document.querySelector('#table').dataset.version) > {views[0]['version']}",
            )
            # the other only puts it away ("close", once it sees the next hand begun)
            pages[2].click("#results [data-kind='next_hand'], #results [data-kind='close']")
            continue
        actor = next((s for s in pages if views[s]["moves"] is not None), None)
        if actor is None:
            pages[0].wait_for_timeout(100)
            continue
        moves = views[actor]["moves"]
        kind = (
            "stand_pat"
            if moves["discard_max"] is not None
            else "call"
            if moves["call"] is not None
            else "pass"
        )
        pages[actor].click(f"#buttons [data-kind='{kind}']")
        wait_until(
            pages[actor],
            f"Number(document.querySelector('#table').dataset.version) > {views[actor]['version']}",
        )
    assert checked > 20
    for page in pages.values():
        page.context.close()


def test_the_page_reconnects_after_a_server_restart(browser: Browser, server: LiveServer) -> None:
    client = Client(server.url)
    table = client.create_table(
        rules="tradicional", bots={"1": "heuristic", "2": "heuristic"}, seed=2
    )
    page = browser.new_page()
    open_lobby(page, server.url)
    page.click(f"#tables li[data-table='{table['table']}'] button[data-join='0']")
    expect(page.locator("#status")).to_have_attribute("data-state", "online")
    server.kill()  # mid-hand
    expect(page.locator("#status")).to_have_attribute("data-state", "offline")
    client = server.start()  # the same port and database
    expect(page.locator("#status")).to_have_attribute("data-state", "online", timeout=20_000)
    token = page.evaluate(f"JSON.parse(localStorage.getItem('golfo.seat.{table['table']}')).token")
    view = settle(page, client, table["table"], token)
    while view["moves"] is None:  # the bots play on: wait for seat 0's turn
        page.wait_for_timeout(100)
        view = settle(page, client, table["table"], token)
    kind = (
        "pass"
        if view["moves"]["pass"]
        else "call"
        if view["moves"]["call"] is not None
        else "stand_pat"
    )
    page.click(f"#buttons [data-kind='{kind}']")  # and the game goes on
    wait_until(
        page, f"Number(document.querySelector('#table').dataset.version) > {view['version']}"
    )


def test_the_language_toggle_changes_every_label(browser: Browser, server: LiveServer) -> None:
    client = Client(server.url)
    table = client.create_table(rules="ludoteka", bots={"1": "heuristic", "2": "heuristic"}, seed=4)
    page = browser.new_page()
    open_lobby(page, server.url)
    page.evaluate("localStorage.setItem('golfo.lang', 'es')")
    page.reload()
    # the page words its labels once it has fetched /api/words, after its load event
    wait_until(page, "[...document.querySelectorAll('[data-ui]')].every(n => n.textContent)")
    ui = page.evaluate("() => UI")
    labels = page.eval_on_selector_all(
        "[data-ui]", "n => n.map(x => [x.dataset.ui, x.textContent])"
    )
    assert all(text == ui["es"][key] for key, text in labels)
    page.click("#lang")
    labels = page.eval_on_selector_all(
        "[data-ui]", "n => n.map(x => [x.dataset.ui, x.textContent])"
    )
    assert all(text == ui["en"][key] for key, text in labels)
    assert page.get_attribute("html", "lang") == "en"
    token = join(page, table["table"], 0)
    view = settle(page, client, table["table"], token)
    while view["choices"] is None:
        page.wait_for_timeout(100)
        view = settle(page, client, table["table"], token)
    for language in ("en", "es"):
        texts = page.eval_on_selector_all(
            "#buttons button .label", "n => n.map(b => b.textContent)"
        )
        wanted = [c[language] for c in view["choices"] if c["kind"] not in ("bet", "raise")]
        assert texts == wanted  # the server's words
        hints = page.eval_on_selector_all(
            "#buttons button",
            "n => n.map(b => [b.dataset.kind, b.querySelector('kbd').textContent])",
        )
        keys = page.evaluate(f"KEYS.{language}")
        assert all(keys[kind] == hint for kind, hint in hints)  # the language's own keys
        names = page.eval_on_selector_all(
            "#my-hand .card", "n => n.map(c => c.getAttribute('aria-label'))"
        )
        assert all((" of " in n) == (language == "en") for n in names)
        phase = page.inner_text("#phase")
        assert phase == view["phase_name"][language]
        labels = page.eval_on_selector_all(
            "[data-ui]", "n => n.map(x => [x.dataset.ui, x.textContent])"
        )
        assert all(text == ui[language][key] for key, text in labels)
        page.click("#lang")
    assert page.locator("#buttons button").first.get_attribute("aria-keyshortcuts")


def test_keyboard_play_screen_reader_labels_and_a_phone_sized_screen(
    browser: Browser, server: LiveServer
) -> None:
    client = Client(server.url)
    table = client.create_table(rules="tradicional", bots={"1": "heuristic", "2": "heuristic"})
    page = browser.new_page(viewport={"width": 375, "height": 740})  # a phone
    open_lobby(page, server.url)
    token = join(page, table["table"], 0)
    view = settle(page, client, table["table"], token)
    while view["choices"] is None:
        page.wait_for_timeout(100)
        view = settle(page, client, table["table"], token)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375  # nothing wider than the screen
    for name in page.eval_on_selector_all(
        "#my-hand .card", "n => n.map(c => c.getAttribute('aria-label'))"
    ):
        assert " de " in name  # "nueve de oros": a name, not "9O"
    assert page.get_attribute("#turn", "aria-live") == "polite"
    choice = next(c for c in view["choices"] if c["kind"] not in ("bet", "raise"))
    page.keyboard.press(page.evaluate("KEYS.es")[choice["kind"]])  # a move by its shortcut
    wait_until(
        page, f"Number(document.querySelector('#table').dataset.version) > {view['version']}"
    )
    moved = client.record(table["table"], token)["events"]
    assert any(e.get("seat") == 0 and e["type"] != "dealt" for e in moved)
