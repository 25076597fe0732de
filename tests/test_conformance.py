"""The conformance vectors (conformance/*.json): replayed, checked, and covering every rule.

Each vector is a golfo/1 record with a ``description`` naming the rules it
exercises and ``expected`` final values.  Reading it with ``from_json``
replays every action and checks the written results and expected values;
these tests also check them independently, validate each file against the
JSON Schema, and prove that together the vectors cover R1..R18 and the edges
listed in docs/conformance.md.
"""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import golfo

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "conformance"
FILES = sorted(FOLDER.glob("[0-9]*.json"))
SCHEMA = json.loads((ROOT / "schema" / "golfo-record.schema.json").read_text(encoding="utf-8"))


def load(path: Path) -> tuple[dict[str, Any], list[golfo.State]]:
    text = path.read_text(encoding="utf-8")
    return json.loads(text), list(golfo.replay(text))


VECTORS = {path.name: load(path) for path in FILES}


def test_there_are_vectors() -> None:
    assert len(FILES) >= 17


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_vector_replays_to_its_expected_values(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data, states = VECTORS[path.name]
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    final = golfo.from_json(text)  # replays, checks results and expected
    assert final == states[-1]
    expected = data["expected"]
    assert list(final.stacks) == expected["stacks"]
    assert list(final.rebuys) == expected["rebuys"]
    assert sorted(final.out) == expected["out"]
    assert final.phase.value == expected["phase"]
    assert golfo.standings(final).winner == expected["winner"]
    assert [json.loads(golfo.to_json(final))["results"]] == [data["results"]]
    assert len(states) == len(data["actions"]) + 1
    # chips are conserved: what the seats hold plus the pot is what they were given (R17)
    given = sum(x * (1 + n) for x, n in zip(final.initial_stacks, final.rebuys, strict=True))
    assert sum(final.stacks) + final.pot == given
    # frozen layout: writing the game again gives the file byte for byte (its steps aside)
    record_text = text.split(',\n  "steps": [\n', 1)[0] + "\n}\n"
    assert golfo.to_json(final, description=data["description"], expected=True) == record_text


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_vector_description_is_one_line_naming_rules(path: Path) -> None:
    description = VECTORS[path.name][0]["description"]
    assert "\n" not in description
    assert re.match(r"^R\d+", description)


def test_vectors_cover_every_rule() -> None:
    named = {
        int(n) for data, _ in VECTORS.values() for n in re.findall(r"\bR(\d+)", data["description"])
    }
    assert named >= set(range(1, 19)), f"no vector names R{sorted(set(range(1, 19)) - named)}"


# ---------------------------------------------------------------------------
# the edges, each proved by the replayed states of at least one vector


def _pairs(states: list[golfo.State]) -> list[tuple[golfo.State, golfo.Action]]:
    """(state, the action applied to it) along a game."""
    history = states[-1].history
    return list(zip(states[:-1], history, strict=True))


def stock_runs_short(states: list[golfo.State]) -> bool:
    emptied = any(
        isinstance(a, golfo.Discard) and 0 < len(s.stock) == len(a.cards) < 5
        for s, a in _pairs(states)
    )
    return emptied and any(
        s.phase in (golfo.Phase.DISCARD_1, golfo.Phase.DISCARD_2)
        and isinstance(s.to_act, int)
        and not s.stock
        for s in states
    )


def side_pots(states: list[golfo.State]) -> bool:
    return any(len(r.pots) >= 2 for r in states[-1].results)


def tie_to_mano(states: list[golfo.State]) -> bool:
    for r in states[-1].results:
        for pot in r.pots if r.showdown else ():
            values = {s: h.value for s in pot.eligible if (h := r.shown[s]) is not None}
            best = max(values.values())
            tied = [s for s in r.dealt_in if values.get(s) == best]
            if len(tied) >= 2 and pot.winner == tied[0] and tied[0] != r.mano:
                return True
    return False


def trabuco(states: list[golfo.State]) -> bool:
    return any(r.trabuco for r in states[-1].results)


def lone_card(states: list[golfo.State]) -> bool:
    for r in states[-1].results:
        hand = r.shown[r.pots[0].winner] if r.showdown and r.pots else None
        if hand is not None and len(golfo.score(hand).cards) == 1:
            return True
    return False


def win_by_folds(states: list[golfo.State]) -> bool:
    return any(not r.showdown and r.shown == (None,) * len(r.shown) for r in states[-1].results)


def nobody_opens(states: list[golfo.State]) -> bool:
    """A finished hand with no Bet at all, settled at a showdown (R12)."""
    final = states[-1]
    hands: list[list[golfo.Action]] = [[]]
    for a in final.history:
        if isinstance(a, golfo.NextHand):
            hands.append([])
        else:
            hands[-1].append(a)
    return any(
        r.showdown and not any(isinstance(a, golfo.Bet) for a in h)
        for h, r in zip(hands, final.results, strict=False)
    )


def dealer_sits_out(states: list[golfo.State]) -> bool:
    final = states[-1]
    return final.players == 4 and any(r.dealer not in r.dealt_in for r in final.results)


def ludoteka_cap_reached(states: list[golfo.State]) -> bool:
    for s, a in _pairs(states):
        caps = s.rules.round_caps
        if caps is not None and isinstance(a, golfo.Bet | golfo.Raise):
            before = s.committed[a.seat] - s.bets[a.seat]
            if before + a.amount == caps[s.phase.betting_round - 1]:
                return True
    return False


def rebuys(states: list[golfo.State]) -> bool:
    return any(states[-1].rebuys)


def extra_hands_on_tie(states: list[golfo.State]) -> bool:
    final = states[-1]
    return final.rules.hands is not None and len(final.results) > final.rules.hands


def bust_without_rebuy(states: list[golfo.State]) -> bool:
    return bool(states[-1].out)


def uncalled_returned(states: list[golfo.State]) -> bool:
    return any(any(r.returned) for r in states[-1].results)


def table_stakes_bind(states: list[golfo.State]) -> bool:
    """A seat to bet whose stack is above the most any other seat can put in (R8)."""
    for s in states:
        seat = s.to_act
        if isinstance(seat, int) and s.phase.betting_round and s.current_bet == 0:
            reach = max(s.bets[o] + s.stacks[o] for o in s.in_hand if o != seat)
            if s.stacks[seat] > reach and golfo.legal_moves(s).bets[-1] == reach:
                return True
    return False


def rebuy_of_own_stack(states: list[golfo.State]) -> bool:
    """A rebuy of a starting stack other than ``rules.starting_stack`` (R17)."""
    for before, after in itertools.pairwise(states):
        for seat, (a, b) in enumerate(zip(before.rebuys, after.rebuys, strict=True)):
            start = after.initial_stacks[seat]
            if b > a and start != after.rules.starting_stack:
                return True
    return False


def tie_broken_by_the_last_mano(states: list[golfo.State]) -> bool:
    final = states[-1]
    rows = golfo.standings(final).rows
    return (
        final.is_over and rows[0].net == rows[1].net and golfo.standings(final).winner is not None
    )


EDGES: dict[str, Callable[[list[golfo.State]], bool]] = {
    "table stakes binding a bet": table_stakes_bind,
    "a rebuy of a seat's own starting stack": rebuy_of_own_stack,
    "a tie no hand can break, won nearest the last mano": tie_broken_by_the_last_mano,
    "stock running short during discards": stock_runs_short,
    "side pots": side_pots,
    "a tie resolved by nearness to mano": tie_to_mano,
    "a trabuco": trabuco,
    "a lone card deciding the value": lone_card,
    "a win by folds without showing": win_by_folds,
    "nobody ever opening": nobody_opens,
    "the 4-seat dealer sitting out": dealer_sits_out,
    "Ludoteka caps": ludoteka_cap_reached,
    "rebuys": rebuys,
    "extra hands on a tie": extra_hands_on_tie,
    "a bust without rebuy": bust_without_rebuy,
    "uncalled chips returned": uncalled_returned,
}


@pytest.mark.parametrize("edge", EDGES)
def test_some_vector_exercises_the_edge(edge: str) -> None:
    found = [name for name, (_, states) in VECTORS.items() if EDGES[edge](states)]
    assert found, f"no conformance vector has {edge}"


def test_edge_checks_are_not_vacuous() -> None:
    # A plain hand with no bet settled by a showdown has none of the rarer edges.
    state = golfo.new_game(golfo.Rules(hands=1), players=3)
    states = [state]
    while not state.is_over:
        legal = golfo.legal_actions(state)
        state = golfo.apply(state, legal[0])
        states.append(state)
    checks = [trabuco, side_pots, rebuys, extra_hands_on_tie, dealer_sits_out, win_by_folds]
    checks += [table_stakes_bind, rebuy_of_own_stack, tie_broken_by_the_last_mano]
    for check in checks:
        assert not check(states)
    assert nobody_opens(states)


def test_generator_reproduces_the_frozen_files() -> None:
    result = subprocess.run(
        [sys.executable, str(FOLDER / "generate.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_vectors_and_schema_ship_in_the_sdist() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = pyproject["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert {"conformance", "schema", "docs"} <= set(include)


# ---------------------------------------------------------------------------
# vectors v3: per-step observations, negative vectors, the corpus


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_vector_steps_hold_the_observations_the_refusals_and_the_views(path: Path) -> None:
    from golfo.conformance.protocol import observation

    data, states = VECTORS[path.name]
    steps = data["steps"]
    assert len(steps) == len(states)  # one per state: before each action, and the last
    refused = views = 0
    for state, step in zip(states, steps, strict=True):
        assert step["observation"] == observation(state)
        for item in step.get("refused", []):
            action = golfo.wire.action_from_data(item["action"])
            with pytest.raises(golfo.IllegalActionError) as info:
                golfo.apply(state, action)
            assert info.value.rule == item["rule"]
            refused += 1
        for who, shown in step.get("views", {}).items():
            seat = None if who == "spectator" else int(who)
            assert shown == golfo.wire.to_data(golfo.view(state, seat))
            views += 1
    assert refused > 5
    assert views >= states[-1].players + 1


NEGATIVE = sorted((FOLDER / "negative").glob("*.json"))


def test_there_are_negative_vectors_for_each_kind_of_bad_record() -> None:
    names = " ".join(p.stem for p in NEGATIVE)
    for kind in (
        "table-stakes",
        "nobody-can-answer",
        "pass-after",
        "larger-than-the-stock",
        "dealt-twice",
        "rebuy",
        "results",
    ):
        assert kind in names


@pytest.mark.parametrize("path", NEGATIVE, ids=lambda p: p.name)
def test_negative_vectors_fail_to_load_where_and_why_they_say(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    with pytest.raises(golfo.FormatError) as info:
        golfo.from_json(json.dumps(data["record"]))
    message = str(info.value)
    assert message.startswith(data["error"]["at"] + ":"), message
    if data["error"]["rule"]:
        assert data["error"]["rule"] + ":" in message


def test_the_corpus_is_what_its_seed_makes() -> None:
    import gzip

    from golfo.conformance.corpus import CORPUS_GAMES, CORPUS_SEED, generate

    shipped = gzip.decompress((FOLDER / "corpus.jsonl.gz").read_bytes()).decode("utf-8")
    assert shipped == generate(CORPUS_SEED, CORPUS_GAMES)  # the same bytes, regenerated
    games = [json.loads(line) for line in shipped.splitlines()]
    assert len(games) == CORPUS_GAMES >= 200
    for game in games[:20]:  # every step's moves are golfo's; the final observation too
        from golfo.conformance.protocol import moves_form, observation

        state = golfo.new_game(
            golfo.wire.rules_from_data(game["rules"]),
            players=game["players"],
            dealer=game["dealer"],
            stacks=game["stacks"],
        )
        for step in game["steps"]:
            assert step["moves"] == moves_form(golfo.legal_moves(state))
            state = golfo.apply(state, golfo.wire.action_from_data(step["action"]))
        assert game["final"] == observation(state)


def test_the_random_games_draw_every_combination_of_the_rules_flags() -> None:
    """Issue 37: every combination of the flags that shape a game comes up among the random
    games (open-ended with extra hands on a tie and no rebuys included), in El Golfo's rules
    and in the variants."""
    import random

    from golfo.conformance.runner import random_setup
    from golfo.conformance.variants import random_variant_setup

    def flags(rules: golfo.Rules) -> tuple[bool, ...]:
        return (
            rules.rebuy,
            rules.extra_hands_on_tie,
            rules.hands is None,
            rules.deal_in_pairs,
            rules.discards_face_up,
            rules.round_caps is None,
        )

    seen = {flags(random_setup(random.Random(seed)).rules) for seed in range(6000)}
    assert len(seen) == 2**6
    variants = {flags(random_variant_setup(random.Random(seed)).rules) for seed in range(3000)}
    assert {f[:3] for f in variants} == set(itertools.product([False, True], repeat=3))
    assert len(variants) == 2**6
