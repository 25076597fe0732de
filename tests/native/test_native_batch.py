"""``golfo_native.play_games`` and the heuristic policy: whole games in Rust, chips kept,
results consistent and reproducible; the heuristic's choices are golfo's HeuristicBot's."""

from __future__ import annotations

import random

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("golfo_native")

from golfo_native import NativeState, play_games

import golfo
from golfo.conformance.runner import choose


@pytest.mark.parametrize("policy", ["random", "heuristic"])
@pytest.mark.parametrize("rules", [golfo.TRADICIONAL, golfo.LUDOTEKA], ids=["trad", "ludo"])
@pytest.mark.parametrize("players", [3, 4])
def test_games_keep_the_chips_and_end(policy: str, rules: golfo.Rules, players: int) -> None:
    out = play_games(200, rules, players, 7, policy, max_hands=5)  # type: ignore[arg-type]
    start = rules.starting_stack
    for k in range(200):
        stacks = [int(x) for x in out["stacks"][k]]
        rebuys = [int(x) for x in out["rebuys"][k]]
        nets = [int(x) for x in out["nets"][k]]
        assert sum(stacks) == start * (players + sum(rebuys))  # nothing made or lost
        assert nets == [s - start * (1 + r) for s, r in zip(stacks, rebuys, strict=True)]
        assert sum(nets) == 0
        hands = int(out["hands"][k])
        assert hands >= 1
        if rules.hands is None:
            assert hands == 5
        elif not rules.extra_hands_on_tie:
            assert hands <= rules.hands
        winner = int(out["winner"][k])
        if winner >= 0:
            assert nets[winner] == max(nets)
        else:
            assert nets.count(max(nets)) > 1  # no winner: a shared lead
    if not rules.rebuy:
        assert not out["rebuys"].any()


def test_games_are_reproducible_by_seed() -> None:
    a = play_games(50, golfo.LUDOTEKA, 3, 11)
    b = play_games(50, golfo.LUDOTEKA, 3, 11)
    c = play_games(50, golfo.LUDOTEKA, 3, 12)
    assert all((a[k] == b[k]).all() for k in a)
    assert not all((a[k] == c[k]).all() for k in a)
    with pytest.raises(ValueError, match="policy"):
        play_games(1, golfo.LUDOTEKA, 3, 0, "clever")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([3, 4]),
    face_up=st.booleans(),
    ludoteka=st.booleans(),
)
def test_the_heuristic_chooses_as_golfos_heuristic_bot(
    seed: int, players: int, face_up: bool, ludoteka: bool
) -> None:
    base = golfo.LUDOTEKA if ludoteka else golfo.TRADICIONAL
    rules = attrs.evolve(base, hands=2, discards_face_up=face_up)
    bot = golfo.HeuristicBot()
    rng = random.Random(seed)
    state = golfo.new_game(rules, players=players)
    native = NativeState.new_game(rules, players)
    while not state.is_over:
        seat = state.to_act
        if isinstance(seat, int):
            mine = native.heuristic_action()
            assert mine == bot.choose(golfo.view(state, seat))
            assert mine is not None
            action = mine if rng.random() < 0.6 else choose(state, rng)  # off the bot's path too
        else:
            assert native.heuristic_action() is None
            action = choose(state, rng)
        state = golfo.apply(state, action)
        native.play(action)


def test_callbacks_play_the_games_golfo_plays() -> None:
    """A policy of one's own (an action or an id per call, one callable per seat): the
    results are those of golfo's reducer fed the same choices and the same deals."""
    seen: list[tuple[int, int]] = []

    def cautious(state: NativeState, seat: int) -> golfo.Action | int:
        seen.append((seat, state.version))
        moves = state.legal_moves()
        return golfo.Call(seat) if moves.call is not None else state.legal_ids()[0]

    def bold(state: NativeState, seat: int) -> golfo.Action | int:
        return state.legal_ids()[-1]

    rules = attrs.evolve(golfo.LUDOTEKA, hands=3)
    seats = [cautious, bold, cautious]
    out = play_games(4, rules, 3, 21, seats)
    assert {s for s, _ in seen} == {0, 2}  # each seat asked its own callable
    for k in range(4):
        rng = random.Random(21 + k)
        ours = golfo.new_game(rules, players=3)
        theirs = NativeState.new_game(rules, 3)
        while not ours.is_over:
            seat = ours.to_act
            if seat is golfo.CHANCE:
                ids = theirs.legal_ids()
                card = golfo.DECK[ids[rng.randrange(len(ids))]]
                action: golfo.Action = golfo.Deal(card)
            elif seat is None:
                action = golfo.NextHand()
            else:
                pick = seats[seat](theirs, seat)
                action = pick if not isinstance(pick, int) else theirs.action_of_id(pick)  # type: ignore[assignment]
            ours = golfo.apply(ours, action)
            theirs.play(action)
        assert int(out["hands"][k]) == len(ours.results) == 3
        nets = [sum(r.payoffs[s] for r in ours.results) for s in range(3)]
        assert [int(x) for x in out["nets"][k]] == nets
        assert [int(x) for x in out["stacks"][k]] == list(ours.stacks)
        winner = golfo.standings(ours).winner
        assert int(out["winner"][k]) == (-1 if winner is None else winner)
    again = play_games(4, rules, 3, 21, seats)
    assert all((out[key] == again[key]).all() for key in out)
    with pytest.raises(ValueError, match="policy"):
        play_games(1, rules, 3, 0, [cautious, bold])  # two callables for three seats


@pytest.mark.parametrize("policy", ["random", "heuristic", "callback"])
def test_records_are_the_games_of_the_arrays_replayed_by_golfo(policy: str) -> None:
    """``records=True``: each game's golfo/1 record, the same game as the arrays' row; golfo's
    own reducer, replaying the record's actions from a new game, reaches the same end."""
    rules = attrs.evolve(golfo.TRADICIONAL, hands=None, rebuy=True)  # ended by EndGame
    if policy == "callback":  # ids need bounded chips: a fixed length, no extra hands
        rules = attrs.evolve(rules, hands=3, extra_hands_on_tie=False)
    chosen: object = (lambda state, seat: state.legal_ids()[-1]) if policy == "callback" else policy
    out = play_games(12, rules, 4, 5, chosen, max_hands=3, records=True)  # type: ignore[arg-type]
    plain = play_games(12, rules, 4, 5, chosen, max_hands=3)  # type: ignore[arg-type]
    assert all((out[key] == plain[key]).all() for key in plain)  # records change no game
    assert len(out["records"]) == 12
    for k, text in enumerate(out["records"]):
        final = golfo.records.from_json(text)  # the reader replays it with golfo's reducer
        replayed = golfo.new_game(rules, players=4)
        for action in final.history:
            replayed = golfo.apply(replayed, action)
        assert replayed == final
        assert final.is_over
        assert list(final.stacks) == [int(x) for x in out["stacks"][k]]
        assert list(final.rebuys) == [int(x) for x in out["rebuys"][k]]
        assert len(final.results) == int(out["hands"][k])
        assert final.version == int(out["actions"][k])
    assert len(set(out["records"])) == 12  # twelve different games
