"""What docs/engine-protocol.md says an observation holds, checked against golfo over the
vectors and the corpus: ``bets``, ``pot``, ``folded``, ``hands`` and ``stock`` in a hand,
between hands and at the end; ``winner`` as the rules define it (written here from the page,
not from :func:`golfo.standings`); ``showdown`` never observed."""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import golfo
from golfo.conformance.protocol import observation, serve
from golfo.wire import action_from_data, rules_from_data

ROOT = Path(__file__).resolve().parents[2]


def games() -> Iterator[tuple[str, list[golfo.State]]]:
    for path in sorted((ROOT / "conformance").glob("[0-9]*.json")):
        yield path.stem, list(golfo.replay(path.read_text(encoding="utf-8")))
    with gzip.open(ROOT / "conformance" / "corpus.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line, _ in zip(lines, range(80), strict=False):
            game = json.loads(line)
            state = golfo.new_game(
                rules_from_data(game["rules"]),
                players=game["players"],
                dealer=game["dealer"],
                stacks=game["stacks"],
            )
            states = [state]
            for step in game["steps"]:
                states.append(golfo.apply(states[-1], action_from_data(step["action"])))
            yield f"corpus {game['game']}", states


GAMES = list(games())


def winner_as_the_page_says(state: golfo.State) -> int | None:
    """docs/engine-protocol.md, *winner*."""
    if not state.is_over:
        return None
    rules = state.rules
    nets = [
        stack - start * (1 + rebuys)
        for stack, start, rebuys in zip(
            state.stacks, state.initial_stacks, state.rebuys, strict=True
        )
    ]
    best = max(nets)
    tied = [s for s, net in enumerate(nets) if net == best]
    if len(tied) == 1:
        return tied[0]
    holding = sum(1 for s, x in enumerate(state.stacks) if s not in state.out and x >= rules.ante)
    if (
        rules.extra_hands_on_tie
        and not rules.rebuy
        and state.results
        and holding < rules.table_sizes[0]
    ):
        mano = state.results[-1].dealt_in[0]
        order = [(mano + k) % state.players for k in range(state.players)]
        return next(s for s in order if s in tied)
    return None


@pytest.mark.parametrize(("name", "states"), GAMES, ids=[name for name, _ in GAMES])
def test_an_observation_holds_what_the_page_says(name: str, states: list[golfo.State]) -> None:
    previous: golfo.State | None = None
    for state in states:
        seen = observation(state)
        phase = seen["phase"]
        assert phase != "showdown"  # resolved at once, never observed
        assert seen["winner"] == winner_as_the_page_says(state)
        if not phase.startswith("bet"):
            assert not any(seen["bets"]), phase
        for seat in seen["folded"]:
            assert seen["hands"][seat] == []  # R13: dead cards
        if phase in ("between_hands", "end"):
            assert seen["pot"] == 0
            assert seen["to_act"] is None
            assert seen["hand_number"] == len(seen["results"])
            result = state.results[-1]
            for seat in range(state.players):
                if seat not in result.dealt_in:
                    assert seen["hands"][seat] == []  # sat out, or out of the game
                shown = result.shown[seat]
                if result.showdown and shown is not None:
                    assert seen["hands"][seat] == [str(c) for c in shown.cards]
        else:
            assert seen["pot"] == sum(state.committed)  # antes and any excess included
        starting = previous is not None and previous.phase is golfo.Phase.BETWEEN_HANDS
        if starting and state.phase is not golfo.Phase.END:  # the next hand's start
            assert seen["folded"] == []
            assert seen["hands"] == [[] for _ in range(state.players)]
            assert seen["stock"] == len(state.rules.ranks) * len(state.rules.suits)
        previous = state


def test_the_winner_check_is_not_vacuous() -> None:
    """Some game ends with a winner, one with a shared lead and none, and one with R16's
    tie-break (vector 17)."""
    ends = [states[-1] for _, states in GAMES if states[-1].is_over]
    winners = [winner_as_the_page_says(s) for s in ends]
    assert any(w is not None for w in winners)
    assert any(w is None for w in winners)
    broken_tie = dict(GAMES)["17-tie-nearest-the-last-mano"][-1]
    nets = golfo.standings(broken_tie).rows
    assert nets[0].net == nets[1].net  # the lead is shared, yet there is a winner
    assert winner_as_the_page_says(broken_tie) is not None


def test_illegal_or_format_as_the_page_says() -> None:
    """An action without the wire's form is a ``format`` error even in well-formed JSON; one
    of the right form that the rules refuse is ``illegal``."""
    rules = golfo.wire.to_data(golfo.TRADICIONAL)
    start = {"cmd": "new_game", "rules": rules, "players": 3, "dealer": 0, "stacks": [100] * 3}
    deals = [{"cmd": "apply", "action": {"type": "deal", "card": str(c)}} for c in golfo.DECK[:6]]
    bet = {"type": "bet", "seat": 1}
    format_errors = [
        {"type": "wager", "seat": 1},
        {"type": "bet", "seat": 1},
        {**bet, "amount": 5, "extra": 1},
        {**bet, "amount": "5"},
        {**bet, "amount": 5.0},
        {**bet, "amount": True},
        {"type": "bet", "seat": "1", "amount": 5},
        {"type": "bet", "seat": 3, "amount": 5},
        {**bet, "amount": -1},
        {**bet, "amount": 2**63},
        {"type": "deal", "card": "1O"},
        {"type": "discard", "seat": 1, "cards": ["3O", "3O"]},
        {"type": "discard", "seat": 1, "cards": ["3O", "4O", "5O", "6O", "7O", "8O"]},
    ]
    illegal = [
        {"type": "bet", "seat": 2, "amount": 5},  # not its turn
        {**bet, "amount": 0},
        {**bet, "amount": 100},
        {"type": "discard", "seat": 1, "cards": ["9B"]},
        {"type": "deal", "card": "3O"},  # dealt already, and not chance's turn
    ]
    requests = [start, *deals] + [{"cmd": "apply", "action": a} for a in format_errors + illegal]
    out = io.StringIO()
    serve([json.dumps(r) + "\n" for r in requests], out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()][1 + len(deals) :]
    errors = [a.get("error") for a in answers]
    assert errors == ["format"] * len(format_errors) + ["illegal"] * len(illegal)
