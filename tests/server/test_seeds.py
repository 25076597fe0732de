"""Seeded tables (issue 33, finding 4): a creator who set the seed and watches the game must not
be able to rebuild the hidden cards from it.

Seeds are off unless the server is started with ``--allow-seeds``: a seed is then a ``format``
error worded for the player, and the web lobby shows no seed field.  Where they are allowed, a
seed is mixed with the server's secret (the database's own, or ``GOLFO_SEED_SECRET``), so the
creator's ``shuffle(seed + version)`` is not the deal; the same secret and seed deal the same
game again (after a restart, or on another database given the same secret); and the lobby and
every view say that the table is seeded.  Real ``golfo serve`` processes on loopback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import SECRET, LiveServer

import golfo
from golfo.server.client import Client, HTTPError
from golfo.server.protocol import NO_SEEDS

TABLE: dict[str, Any] = {"rules": "ludoteka", "players": 3, "pause": None, "name": "Ana"}


@pytest.fixture
def servers() -> Iterator[list[LiveServer]]:
    """The servers a test starts, stopped at its end."""
    started: list[LiveServer] = []
    yield started
    for server in started:
        server.stop()


def start(servers: list[LiveServer], db: str | Path, **options: Any) -> Client:
    server = LiveServer(db, **options)
    servers.append(server)
    return server.start()


def first_message(client: Client, table: str, token: str | None) -> dict[str, Any]:
    with client.connect(table, token) as socket:
        message: dict[str, Any] = socket.receive()
    return message


def creator_hand(client: Client, seed: int) -> tuple[str, list[str], dict[str, Any]]:
    """A seeded table with its creator at seat 0: its id, the creator's cards, its summary."""
    table = client.create_table(**TABLE, seed=seed)
    view = first_message(client, table["table"], table["token"])
    assert view["type"] == "view"
    assert view["seeded"] is True
    assert view["view"]["seat"] == 0
    return table["table"], view["view"]["hand"], table


def test_a_seed_is_refused_unless_the_server_allows_seeds(tmp_path: Path, servers: Any) -> None:
    client = start(servers, tmp_path / "golfo.sqlite3", seeds=False)
    assert client.request("GET", "/api/server")["seeds"] is False
    with pytest.raises(HTTPError) as refused:
        client.create_table(**TABLE, seed=5)
    assert refused.value.status == 400
    error = refused.value.error
    assert error["code"] == "format"
    assert (error["message"]["es"], error["message"]["en"]) == NO_SEEDS  # for a player
    assert "--allow-seeds" in error["detail"]
    assert client.tables() == []  # nothing was created
    table = client.create_table(**TABLE, seed=None)  # no seed: a table like any other
    assert table["seeded"] is False
    assert [t["seeded"] for t in client.tables()] == [False]
    assert first_message(client, table["table"], None)["seeded"] is False


def test_the_creator_cannot_rebuild_a_seeded_deal_and_the_secret_deals_it_again(
    new_db: Callable[[], str], servers: list[LiveServer]
) -> None:
    db = new_db()
    client = start(servers, db, secret=None)  # the database's own secret
    assert client.request("GET", "/api/server")["seeds"] is True
    table, hand, summary = creator_hand(client, 20260)
    assert summary["seeded"] is True
    assert [t["seeded"] for t in client.tables()] == [True]
    assert first_message(client, table, None)["seeded"] is True  # a spectator is told too
    # what the creator would compute from its seed (the deal before issue 33) is not the deal
    naive = golfo.deal(golfo.new_game(golfo.LUDOTEKA, players=3), 20260)
    assert [str(card) for card in naive.hands[0]] != hand
    # a restart keeps the database's secret: the same seed deals the same cards again
    servers[-1].stop()
    client = start(servers, db, secret=None)
    assert creator_hand(client, 20260)[1] == hand
    assert creator_hand(client, 20261)[1] != hand
    # another database has another secret: the seed alone does not give the cards ...
    other = start(servers, new_db(), secret=None)
    assert creator_hand(other, 20260)[1] != hand
    # ... and an operator's secret (GOLFO_SEED_SECRET) deals the same on every database
    one = start(servers, new_db(), secret=SECRET)
    two = start(servers, new_db(), secret=SECRET)
    assert creator_hand(one, 20260)[1] == creator_hand(two, 20260)[1]


def test_an_operator_secret_too_short_is_refused(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "golfo.sqlite3", secret="short")
    with pytest.raises(AssertionError, match="GOLFO_SEED_SECRET must have at least 16"):
        server.start()
    server.stop()


def test_the_lobby_shows_the_seed_field_only_where_seeds_are_allowed(
    tmp_path: Path, servers: list[LiveServer]
) -> None:
    from browserkit import CHROMIUM, FLAGS, open_lobby

    if CHROMIUM is None:  # pragma: no cover - .ci/run installs it
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    off = start(servers, tmp_path / "off.sqlite3", seeds=False)
    on = start(servers, tmp_path / "on.sqlite3")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            page = browser.new_page()
            open_lobby(page, off.url)
            expect(page.locator("#create [name=seed]")).to_be_hidden()
            page.fill("#name", "Ana")
            page.click("#create-table")  # the page sends no seed: the table is created
            page.wait_for_url("**/#/table/*")
            assert [t["seeded"] for t in off.tables()] == [False]
            expect(page.locator("#table-title")).to_be_visible()
            expect(page.locator("#seeded")).to_be_hidden()  # not seeded: no mark
            open_lobby(page, on.url)
            expect(page.locator("#create [name=seed]")).to_be_visible()
            page.fill("#name", "Ana")
            page.fill("#create [name=seed]", "7")
            page.click("#create-table")  # a seeded table: marked at the table and in the lobby
            page.wait_for_url("**/#/table/*")
            expect(page.locator("#seeded")).to_be_visible()
            expect(page.locator("#seeded")).to_have_text("con semilla")
            open_lobby(page, on.url)
            expect(page.locator("#tables [data-seeded]")).to_have_count(1)
        finally:
            browser.close()


def test_every_view_of_a_seeded_table_says_so(tmp_path: Path, servers: list[LiveServer]) -> None:
    client = start(servers, tmp_path / "golfo.sqlite3")
    bots = {str(s): "random" for s in range(3)}
    table = client.create_table(rules="ludoteka", bots=bots, seed=1, pause=0, bot_delay=0.01)
    assert client.table(table["table"])["seeded"] is True
    with client.connect(table["table"]) as socket:
        versions: set[int] = set()
        while len(versions) < 6:  # the first view, then one after each move of the bots
            message = socket.receive()
            assert message["type"] == "view"
            assert message["seeded"] is True
            versions.add(message["view"]["version"])
