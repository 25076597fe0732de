"""Reading a view back (:func:`golfo.wire.view_from_data`), as a Python client of a server
does: every view of random games reads back equal, for every seat and spectators; anything
malformed or inconsistent is a :class:`golfo.FormatError` naming the place, never another
exception; golfo's bots choose from a view read back as from the view itself.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import golfo
from golfo import CHANCE, FormatError, wire
from golfo._reading import parse_json
from golfo.records import result_json
from test_views import states


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_every_view_reads_back_equal_for_every_seat_and_spectators(state: golfo.State) -> None:
    for seat in (None, *range(state.players)):
        view = golfo.view(state, seat)
        assert wire.view_from_data(wire.view_data(view)) == view
        # and from the text, as a socket brings it
        text = wire.dumps(view)
        assert wire.view_from_data(parse_json(text, "view", 10**7)) == view


def play(seed: int, rules: golfo.Rules, players: int) -> list[golfo.State]:
    rng = random.Random(seed)
    state = golfo.new_game(rules, players=players)
    states = [state]
    while not state.is_over:
        if state.to_act is CHANCE:
            state = golfo.deal(state, rng)
        else:
            state = golfo.apply(state, rng.choice(golfo.legal_actions(state)))
        states.append(state)
    return states


GAME = play(3, attrs.evolve(golfo.TRADICIONAL, hands=2), 3)
FACE_DOWN = play(5, attrs.evolve(golfo.LUDOTEKA, hands=2, discards_face_up=False), 4)


def a_view(states: list[golfo.State], test: Any) -> tuple[golfo.State, int]:
    """The first state of ``states`` passing ``test``, and the seat to act in it."""
    state = next(s for s in states if test(s))
    return state, state.to_act  # type: ignore[return-value]


def data_of(state: golfo.State, seat: int | None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(wire.dumps(golfo.view(state, seat)))
    return data


def second_hand_discard() -> dict[str, Any]:
    """Seat to act, discarding, in the second hand: moves, a hand, discards, a result."""
    state, seat = a_view(GAME, lambda s: s.hand_number == 2 and s.phase is golfo.Phase.DISCARD_2)
    return data_of(state, seat)


def face_down_spectator() -> dict[str, Any]:
    """A spectator's view of face-down discards, after a hand."""
    state = next(s for s in FACE_DOWN if s.results and golfo.view(s, None).discards)
    return data_of(state, None)


def test_the_views_used_below_have_what_they_are_used_for() -> None:
    mine = second_hand_discard()
    assert mine["moves"]["discard_max"] is not None
    assert mine["discards"]
    assert mine["results"]
    assert any(e["type"] == "dealt" and e["card"] for e in mine["history"])
    theirs = face_down_spectator()
    assert any(e["type"] == "discarded" and e["cards"] is None for e in theirs["discards"])


def change(data: dict[str, Any], where: str, value: Any) -> dict[str, Any]:
    """A copy of ``data`` with the value at ``where`` (``"moves.seat"``, ``"history.0"``)
    set to ``value`` (``DELETE``: the key removed)."""
    out = copy.deepcopy(data)
    *parents, last = where.split(".")
    node: Any = out
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    index: int | str = int(last) if isinstance(node, list) else last
    if value is DELETE:
        del node[index]
    else:
        node[index] = value
    return out


DELETE = object()
MINE = second_hand_discard()
HIDDEN = next(i for i, e in enumerate(MINE["history"]) if e["type"] == "dealt" and not e["card"])


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("format", "golfo-wire/2", 'view.format: expected "golfo-wire/1", got "golfo-wire/2"'),
        ("stacks", DELETE, 'view: missing key "stacks"'),
        ("players", 5, "view.players: expected 3 or 4, got 5"),
        ("seat", 3, "view.seat: expected a seat from 0 to 2, got 3"),
        ("version", -1, "view.version: expected a whole number from 0 to"),
        ("phase", "showdown!", 'view.phase: expected a phase name such as "bet_1"'),
        ("phase_name.es", 5, "view.phase_name.es: expected words, got 5"),
        ("hand.0", "10O", "view.hand[0]: expected a card such as"),
        ("hand_value", 99, "view.hand_value: expected "),
        ("moves", None, "view.moves: expected the moves of seat"),
        ("moves.discard_max", True, "view.moves.discard_max: expected a whole number"),
        ("choices", None, "view.choices: expected the buttons: the viewer is to act"),
        ("choices.0.es", None, "view.choices[0].es: expected a string, got null"),
        ("rules.ante", -1, "view.rules.ante: expected a whole number from 0"),
        ("mano", str(MINE["mano"]), "view.mano: expected"),
        ("stacks", [1, 2], "view.stacks: expected 3 items, got 2"),
        ("bets.0", 1.0, "view.bets[0]: expected a whole number, got 1.0"),
        ("pot", True, "view.pot: expected"),
        ("current_bet", 7, "view.current_bet: expected"),
        ("folded", [0, 0], "view.folded: a seat appears twice"),
        ("hand_sizes.0", 6, "view.hand_sizes[0]: expected a whole number from 0 to 5"),
        ("stock_size", 29, "view.stock_size: expected a whole number from 0 to 28"),
        ("discards", [], "view.discards: expected the discarded events of the history"),
        ("history.0.type", "deal", "view.history[0].type: expected one of"),
        ("history.0.text", DELETE, 'view.history[0]: missing key "text"'),
        (f"history.{HIDDEN}.card", "9O", f"view.history[{HIDDEN}].card: a card dealt to seat"),
        ("results.0.winners", [], "view.results[0].winners: expected ["),
        ("results.0.mano", "0", "view.results[0].mano: expected"),
        ("results.0.pots.0.counting", ["9O"], "view.results[0].pots[0].counting: expected"),
        ("results.0.scores", None, "view.results[0].scores: expected ["),
        ("results", DELETE, 'view: missing key "results"'),
        ("extra", 1, 'view: unexpected key "extra"'),
    ],
)
def test_a_malformed_view_is_refused_naming_the_place(where: str, value: Any, message: str) -> None:
    assert wire.view_from_data(MINE) == golfo.view(
        *a_view(GAME, lambda s: s.hand_number == 2 and s.phase is golfo.Phase.DISCARD_2)
    )
    with pytest.raises(FormatError) as info:
        wire.view_from_data(change(MINE, where, value))
    assert str(info.value).startswith(message), str(info.value)


def test_a_view_that_shows_what_its_viewer_may_not_know_is_refused() -> None:
    theirs = face_down_spectator()
    i = next(i for i, e in enumerate(theirs["discards"]) if e["cards"] is None)
    shown = [str(c) for c in golfo.DECK[: theirs["discards"][i]["count"]]]
    event = dict(theirs["discards"][i], cards=shown)
    with pytest.raises(FormatError, match=r"^view\.discards\[\d+\]\.cards: discarded face down"):
        wire.view_from_data(change(theirs, f"discards.{i}", event))
    with pytest.raises(FormatError, match=r"^view\.hand: expected 0 cards \(hand_sizes\), got 1$"):
        wire.view_from_data(change(theirs, "hand", ["9O"]))  # a spectator holds nothing
    for words in ("moves", "choices"):  # nor is it ever to act
        with pytest.raises(FormatError, match=rf"^view\.{words}: expected null"):
            wire.view_from_data(change(theirs, words, MINE[words]))


def test_the_words_are_read_for_their_shape_not_their_content() -> None:
    """Words follow the facts and golfo may reword them: a view worded otherwise reads the
    same; the facts come from the other keys (the buttons from ``moves``)."""
    view = wire.view_from_data(MINE)
    reworded = change(change(MINE, "phase_name.en", "the last discard"), "history.0.text.es", "x")
    reworded = change(reworded, "choices.0.en", "throw away")
    assert wire.view_from_data(reworded) == view


SPOIL = [MINE, face_down_spectator(), data_of(GAME[-1], 1)]
"""A seat to act with every kind of key, a spectator of face-down discards, a final view."""


def paths(data: Any, prefix: str = "") -> list[str]:
    """Every place in ``data``, as ``change`` names them."""
    out = []
    items = enumerate(data) if isinstance(data, list) else data.items()
    for key, value in items:
        here = f"{prefix}{key}"
        out.append(here)
        if isinstance(value, dict | list) and value:
            out += paths(value, here + ".")
    return out


PLACES = [(i, p) for i, data in enumerate(SPOIL) for p in paths(data)]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PLACES), json_values | st.just(DELETE))
def test_any_value_anywhere_gives_a_view_or_a_format_error(
    place: tuple[int, str], value: Any
) -> None:
    which, where = place
    try:
        view = wire.view_from_data(change(SPOIL[which], where, value))
    except FormatError:
        return
    assert wire.view_from_data(wire.view_data(view)) == view


def test_what_is_not_a_view_is_a_format_error() -> None:
    not_views: list[Any] = [None, [], "view", 5, {"format": "golfo-wire/1"}]
    for data in not_views:
        with pytest.raises(FormatError, match=r"^view: "):
            wire.view_from_data(data)


@pytest.mark.parametrize(
    "bot",
    [golfo.RandomBot(7), golfo.HeuristicBot(), golfo.EquityBot(seed=1, samples=20)],
    ids=lambda b: type(b).__name__,
)
def test_golfos_bots_choose_from_a_view_read_back_as_from_the_view(bot: golfo.Bot) -> None:
    for state in GAME[::7]:
        seat = state.to_act
        if not isinstance(seat, int):
            continue
        view = golfo.view(state, seat)
        back = wire.view_from_data(json.loads(wire.dumps(view)))
        again = copy.deepcopy(bot)  # the same generator for both choices
        assert bot.choose(back) == again.choose(view)


def test_a_result_reads_back_in_both_forms() -> None:
    state = GAME[-1]
    for result in state.results:
        assert wire.result_from_data(wire.result_data(result), players=3) == result
        record = result_json(result)
        assert wire.result_from_data(record, players=3, record=True) == result
        with pytest.raises(FormatError, match=r'^result: missing key "mano"$'):
            wire.result_from_data(record, players=3)
