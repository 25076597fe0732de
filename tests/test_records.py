"""Records (format golfo/1): to_json, from_json, replay, the JSON Schema, untrusted input.

Every record these tests write is validated against ``schema/golfo-record.schema.json``.
"""

from __future__ import annotations

import contextlib
import copy
import doctest
import json
import random
import re
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import golfo
from golfo import records
from rulesets import variants

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "schema" / "golfo-record.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

RULES = (
    golfo.TRADICIONAL,
    golfo.LUDOTEKA,
    attrs.evolve(golfo.TRADICIONAL, discards_face_up=False, deal_in_pairs=True, hands=3),
    attrs.evolve(golfo.LUDOTEKA, hands=2, ante=0, round_caps=(5, 10, 15, 20)),
    attrs.evolve(golfo.TRADICIONAL, ante=2, min_open=3, min_raise=2, starting_stack=30),
)


def validate(record_text: str) -> None:
    """Fail unless ``record_text`` is valid against the JSON Schema."""
    errors = sorted(VALIDATOR.iter_errors(json.loads(record_text)), key=str)
    assert not errors, f"schema: {errors[0].message} at {list(errors[0].absolute_path)}"


def play(rules: golfo.Rules, players: int, rng: random.Random, steps: int) -> golfo.State:
    """A random reachable state: ``steps`` legal actions at most, cheap moves favoured."""
    stacks = [rng.choice([rules.starting_stack, rng.randint(0, 3 * rules.ante + 12)])] * players
    stacks = [rng.choice([s, rng.randint(0, 40)]) for s in stacks]
    try:
        state = golfo.new_game(rules, players=players, dealer=rng.randrange(players), stacks=stacks)
    except golfo.RulesError:
        state = golfo.new_game(rules, players=players, dealer=rng.randrange(players))
    for _ in range(steps):
        legal = golfo.legal_actions(state)
        if not legal:
            break
        action = legal[0] if rng.random() < 0.4 else rng.choice(legal)
        state = golfo.apply(state, action)
    return state


@st.composite
def states(draw: st.DrawFn, max_steps: int = 300) -> golfo.State:
    rules = draw(st.sampled_from(RULES) | variants())
    players = draw(st.sampled_from(rules.table_sizes))
    rng = draw(st.randoms(use_true_random=False))
    return play(rules, players, rng, draw(st.integers(0, max_steps)))


def first_state() -> golfo.State:
    return golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)


def finished_hand() -> golfo.State:
    """A hand with a bet, a raise, a call, a fold, discards and a showdown."""
    s = first_state()
    script: list[golfo.Action] = [
        golfo.Bet(1, 2),
        golfo.Raise(2, 4),
        golfo.Call(0),
        golfo.Call(1),
    ]
    for action in script:
        s = golfo.apply(s, action)
    s = golfo.deal_from(s, golfo.DECK)
    rng = random.Random(5)
    while s.phase is not golfo.Phase.BETWEEN_HANDS:
        if s.to_act is golfo.CHANCE:
            s = golfo.deal_from(s, golfo.DECK)
            continue
        legal = golfo.legal_actions(s)
        s = golfo.apply(s, legal[0] if s.phase.betting_round else rng.choice(legal))
    return s


# ---------------------------------------------------------------------------
# round trips


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_round_trip_for_reachable_states(state: golfo.State) -> None:
    text = golfo.to_json(state)
    validate(text)
    back = golfo.from_json(text)
    assert back == state
    assert back.history == state.history
    assert golfo.to_json(back) == text  # one text per game: the layout is stable
    annotated = golfo.to_json(state, description="random play", expected=True)
    validate(annotated)
    assert golfo.from_json(annotated) == state


@settings(max_examples=25, deadline=None)
@given(states(max_steps=120))
def test_replay_yields_every_state_as_a_distinct_snapshot(state: golfo.State) -> None:
    text = golfo.to_json(state)
    seen = list(golfo.replay(text))
    history = state.history
    assert len(seen) == len(history) + 1
    assert seen[-1] == state
    assert len({id(s) for s in seen}) == len(seen)
    for k, snapshot in enumerate(seen):
        assert snapshot.history == history[:k]
    assert seen[0] == golfo.new_game(
        state.rules, players=state.players, dealer=state.first_dealer, stacks=state.initial_stacks
    )
    assert list(golfo.replay(json.loads(text))) == seen  # a parsed record works too


def test_record_layout_and_fields() -> None:
    state = finished_hand()
    text = golfo.to_json(state, description="una mano", expected=True)
    validate(text)
    data = json.loads(text)
    assert list(data) == [
        "format",
        "description",
        "rules",
        "players",
        "stacks",
        "dealer",
        "actions",
        "results",
        "expected",
    ]
    assert data["format"] == "golfo/1"
    assert data["rules"] == {
        "ante": 1,
        "min_open": 1,
        "min_raise": 1,
        "round_caps": None,
        "discards_face_up": True,
        "deal_in_pairs": False,
        "starting_stack": 100,
        "hands": None,
        "rebuy": True,
        "extra_hands_on_tie": False,
    }
    assert data["actions"][6:10] == [
        {"type": "bet", "seat": 1, "amount": 2},
        {"type": "raise", "seat": 2, "amount": 4},
        {"type": "call", "seat": 0},
        {"type": "call", "seat": 1},
    ]
    discards = [a for a in data["actions"] if a["type"] == "discard"]
    assert discards
    for d in discards:
        assert d["cards"] == sorted(d["cards"], key=lambda c: golfo.Card.parse(c).index)
    (result,) = data["results"]
    assert result["showdown"] is True
    assert result["ended_in"] == "showdown"
    assert sum(result["payoffs"]) == 0
    assert data["expected"]["stacks"] == list(state.stacks)
    assert data["expected"]["phase"] == "between_hands"
    # one action per line
    assert text.count("\n") == len(data["actions"]) + len(data["results"]) + 13


def test_codec_covers_every_rules_and_result_field() -> None:
    rules_fields = {f.alias for f in attrs.fields(golfo.Rules)}
    assert set(golfo.wire.RULE_FIELDS) == rules_fields
    assert set(SCHEMA["$defs"]["rules"]["properties"]) == rules_fields
    result_fields = {f.name for f in attrs.fields(golfo.HandResult)}
    assert set(records._RESULT_KEYS) == result_fields
    assert set(SCHEMA["$defs"]["result"]["properties"]) == result_fields


def test_schema_is_valid_and_shipped_in_the_package() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    packaged = Path(golfo.__file__).parent / "record.schema.json"
    assert packaged.read_text(encoding="utf-8") == SCHEMA_PATH.read_text(encoding="utf-8")


def test_to_json_refuses_what_is_not_a_state() -> None:
    with pytest.raises(golfo.FormatError, match=r"needs a golfo\.State"):
        golfo.to_json("not a state")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# untrusted input: precise FormatErrors


def record_of(state: golfo.State) -> dict[str, Any]:
    text = golfo.to_json(state)
    validate(text)
    data: dict[str, Any] = json.loads(text)
    return data


def edited(data: dict[str, Any], path: tuple[str | int, ...], value: Any) -> str:
    out = copy.deepcopy(data)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(out)


def refused(text: str | bytes, match: str) -> None:
    with pytest.raises(golfo.FormatError, match=match):
        golfo.from_json(text)


BASE = record_of(golfo.apply(first_state(), golfo.Bet(1, 5)))


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("format",), "golfo/2", r'^format: expected "golfo/1", got "golfo/2"$'),
        (("players",), 5, r"^players: expected 3 or 4, got 5$"),
        (("players",), True, r"^players: expected 3 or 4, got true$"),
        (("stacks", 1), 10**12 + 1, r"^stacks\[1\]: expected a whole number from 0 to 10+"),
        (("stacks", 1), -1, r"^stacks\[1\]: expected a whole number from 0 to"),
        (("stacks",), [100, 100], r"^stacks: expected 3 items, got 2$"),
        (("dealer",), 3, r"^dealer: expected a seat from 0 to 2, got 3$"),
        (("rules", "ante"), "1", r'^rules.ante: expected a whole number, got "1"$'),
        (("rules", "ante"), 1.0, r"^rules.ante: expected a whole number, got 1.0$"),
        (("rules", "rebuy"), 1, r"^rules.rebuy: expected true or false, got 1$"),
        (("rules", "round_caps"), [1, 2, 3], r"^rules.round_caps: expected 4 items, got 3$"),
        (("rules", "round_caps"), [5, 4, 9, 9], r"^rules: round_caps must never decrease"),
        (("rules", "min_open"), 0, r"^rules: min_open must be a whole number >= 1"),
        (
            ("actions", 6, "amount"),
            True,
            r"^actions\[6\].amount: expected a whole number, got true$",
        ),
        (("actions", 6, "amount"), 5.5, r"^actions\[6\].amount: expected a whole number, got 5.5$"),
        (("actions", 6, "amount"), 2**63, r"^actions\[6\].amount: expected a whole number from 0"),
        (("actions", 6, "seat"), 7, r"^actions\[6\].seat: expected a seat from 0 to 2, got 7$"),
        (
            ("actions", 6, "type"),
            "envido",
            r'^actions\[6\].type: expected one of "deal", .*"envido"$',
        ),
        (("actions", 6), {"type": "bet", "seat": 1}, r'^actions\[6\]: missing key "amount"$'),
        (("actions", 6), [1], r"^actions\[6\]: expected an action object, got an array$"),
        (("actions", 0, "card"), "9X", r'^actions\[0\].card: expected a card such as "9O"'),
        (("actions", 0, "card"), "9o", r'^actions\[0\].card: expected a card such as "9O"'),
        (("actions", 1), {"type": "deal", "card": "3O"}, r"^actions\[1\]: illegal .*R4: 3O is not"),
        (("actions", 6), {"type": "call", "seat": 1}, r"^actions\[6\]: illegal .*R5: nobody has"),
        (("actions", 6), {"type": "next_hand"}, r"^actions\[6\]: illegal .*R15"),
        (("actions",), {}, r"^actions: expected an array, got an object$"),
        (("results",), None, r"^results: expected an array, got null$"),
        (("description",), 7, r"^description: expected a string, got 7$"),
        (("description",), "x" * 10_001, r"^description: at most 10000 characters"),
        (("extra",), 1, r'^record: unexpected key "extra"$'),
    ],
)
def test_malformed_record_is_refused_naming_the_place(
    path: tuple[str | int, ...], value: Any, message: str
) -> None:
    refused(edited(BASE, path, value), message)


def test_missing_key_is_refused() -> None:
    data = copy.deepcopy(BASE)
    del data["dealer"]
    refused(json.dumps(data), r'^record: missing key "dealer"$')
    del data["rules"]["hands"]
    data["dealer"] = 0
    refused(json.dumps(data), r'^rules: missing key "hands"$')


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^record: not JSON: Expecting value"),
        ("{", r"^record: not JSON"),
        ("[]", r"^record: expected an object, got an array$"),
        ('"golfo/1"', r'^record: expected an object, got "golfo/1"$'),
        ("null", r"^record: expected an object, got null$"),
        ('{"format": NaN}', r"^record: not JSON: NaN is not a JSON number$"),
        ('{"format": Infinity}', r"^record: not JSON: Infinity"),
        ('{"a": 1, "a": 2}', r'^record: not JSON: the key "a" appears twice'),
        ("[" * 100_000 + "]" * 100_000, r"^record: (nested too deeply|not JSON)"),
        ('{"players": ' + "9" * 5000 + "}", r"^record: not JSON"),
        (" " * (records.MAX_TEXT + 1), r"^record: too long: at most 16000000 characters"),
    ],
)
def test_text_that_is_not_a_record_is_refused(text: str, message: str) -> None:
    refused(text, message)


def test_bytes_and_other_inputs() -> None:
    text = json.dumps(BASE)
    assert golfo.from_json(text.encode("utf-8")) == golfo.from_json(text)
    refused(b"\xff\xfe{", r"^record: not (UTF-8 text|JSON)")
    for thing in (None, 5, [BASE], BASE):
        with pytest.raises(golfo.FormatError, match=r"^record: expected JSON text"):
            golfo.from_json(thing)  # type: ignore[arg-type]
    with pytest.raises(golfo.FormatError, match=r"^record: expected JSON text"):
        golfo.replay([BASE])  # type: ignore[arg-type]


def test_discard_with_a_duplicate_card_is_refused() -> None:
    state = finished_hand()
    data = record_of(state)
    i = next(k for k, a in enumerate(data["actions"]) if a["type"] == "discard" and a["cards"])
    card = data["actions"][i]["cards"][0]
    refused(
        edited(data, ("actions", i, "cards"), [card, card]),
        rf"^actions\[{i}\].cards\[1\]: duplicate card {card}$",
    )
    refused(
        edited(data, ("actions", i, "cards"), ["3O"] * 6),
        rf"^actions\[{i}\].cards: at most 5 items, got 6$",
    )


def test_too_many_actions_are_refused_before_replaying() -> None:
    data = copy.deepcopy(BASE)
    data["actions"] = [{"type": "next_hand"}] * (records.MAX_ACTIONS + 1)
    with pytest.raises(golfo.FormatError, match=r"^actions: at most 1000000 items, got 1000001$"):
        golfo.replay(data)


def test_results_are_checked_against_the_replay() -> None:
    state = finished_hand()
    data = record_of(state)
    result = data["results"][0]
    winner = result["pots"][0]["winner"]
    other = next(s for s in result["dealt_in"] if s != winner)
    refused(
        edited(data, ("results", 0, "pots", 0, "winner"), other),
        rf"^results\[0\].pots: the record says .*\"winner\": {other}.*the replay gives",
    )
    payoffs = [*result["payoffs"][1:], result["payoffs"][0]]
    if payoffs != result["payoffs"]:
        refused(edited(data, ("results", 0, "payoffs"), payoffs), r"^results\[0\].payoffs: ")
    refused(
        edited(data, ("results", 0, "trabuco"), not result["trabuco"]), r"^results\[0\].trabuco"
    )
    refused(edited(data, ("results",), []), r"^results: the record has 0 results, the replay")
    refused(
        edited(data, ("results",), [result, result]),
        r"^results: the record has 2 results, the replay finished 1 hands$",
    )
    refused(edited(data, ("results", 0, "shown", 0), ["3O", "3O"]), r"duplicate card 3O")


def test_expected_values_are_checked_against_the_replay() -> None:
    state = finished_hand()
    text = golfo.to_json(state, expected=True)
    validate(text)
    data = json.loads(text)
    stacks = data["expected"]["stacks"]
    refused(
        edited(data, ("expected", "stacks"), [stacks[0] + 1, stacks[1] - 1, stacks[2]]),
        r"^expected.stacks: the record says",
    )
    refused(edited(data, ("expected", "phase"), "end"), r"^expected.phase: the record says")
    refused(edited(data, ("expected", "phase"), "mus"), r"^expected.phase: expected a phase name")
    refused(edited(data, ("expected", "winner"), 0), r"^expected.winner: the record says 0")


def test_error_during_replay_comes_after_the_states_before_it() -> None:
    data = edited(BASE, ("actions", 6), {"type": "call", "seat": 1})
    seen: list[golfo.State] = []
    with pytest.raises(golfo.FormatError, match=r"^actions\[6\]: illegal"):
        seen.extend(golfo.replay(data))
    assert len(seen) == 7  # the new game and six deals; from_json returns nothing at all


# ---------------------------------------------------------------------------
# fuzzing: only FormatError escapes, and whatever is accepted round-trips

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)


def accepted_round_trips(text: str | bytes) -> None:
    try:
        state = golfo.from_json(text)
    except golfo.FormatError:
        return
    again = golfo.to_json(state)
    validate(again)
    assert golfo.from_json(again) == state


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_fuzz_arbitrary_json(value: Any) -> None:
    accepted_round_trips(json.dumps(value))
    with contextlib.suppress(golfo.FormatError):
        list(golfo.replay(value if isinstance(value, dict) else json.dumps(value)))


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from([*BASE, "rules", "x"]), JSON, max_size=9))
def test_fuzz_record_shaped_objects(value: dict[str, Any]) -> None:
    data = {**BASE, **value}
    accepted_round_trips(json.dumps(data))


def _containers(node: Any, out: list[Any]) -> list[Any]:
    if isinstance(node, dict | list):
        out.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, out)
    return out


def retype(value: Any, rnd: random.Random) -> Any:
    """The same value as another JSON type, or a near miss of the same type."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return rnd.choice([str(value), float(value), value == 1, -value, value + 1, [value]])
    if isinstance(value, float):
        return int(value) if value == value and abs(value) < 1e18 else None
    if isinstance(value, str):
        return value.lower() if rnd.random() < 0.5 else [value]
    if isinstance(value, list):
        return dict(enumerate(value)) if rnd.random() < 0.3 else value[::-1]
    if isinstance(value, dict):
        return list(value.values())
    return 0


MUTATIONS = ("drop", "replace", "duplicate", "swap", "retype", "add_key")


def mutate(data: dict[str, Any], rnd: random.Random, replacement: Any) -> None:
    """One random structural change somewhere in ``data`` (in place)."""
    node = rnd.choice(_containers(data, []))
    keys: list[Any] = list(node) if isinstance(node, dict) else list(range(len(node)))
    if not keys:
        return
    key = rnd.choice(keys)
    kind = rnd.choice(MUTATIONS)
    if kind == "drop":
        del node[key]
    elif kind == "replace":
        node[key] = replacement
    elif kind == "duplicate":
        if isinstance(node, list):
            node.insert(key, copy.deepcopy(node[key]))
        else:
            node[key + "_"] = node[key]
    elif kind == "swap":
        other = rnd.choice(keys)
        node[key], node[other] = node[other], node[key]
    elif kind == "retype":
        node[key] = retype(node[key], rnd)
    elif isinstance(node, dict):
        node[rnd.choice(["seat", "amount", "type", "card", "cards", "zzz"])] = replacement


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_steps=150), st.randoms(use_true_random=False), st.lists(JSON, min_size=1))
def test_fuzz_mutated_valid_records(
    state: golfo.State, rnd: random.Random, junk: list[Any]
) -> None:
    data = record_of(state)
    for value in junk[:3]:
        mutate(data, rnd, value)
    text = json.dumps(data)
    accepted_round_trips(text)
    # text-level damage too: cut it short, or drop one character
    cut = rnd.randrange(len(text))
    accepted_round_trips(text[:cut])
    accepted_round_trips(text[:cut] + text[cut + 1 :])
    accepted_round_trips(text.encode("utf-8")[:cut])


@settings(max_examples=40, deadline=None)
@given(states(max_steps=200), st.randoms(use_true_random=False))
def test_changing_any_written_result_is_detected(state: golfo.State, rnd: random.Random) -> None:
    data = record_of(state)
    assume(data["results"])
    i = rnd.randrange(len(data["results"]))
    result = data["results"][i]
    key = rnd.choice(["payoffs", "returned", "pots", "showdown", "trabuco", "dealer", "shown"])
    value = result[key]
    if isinstance(value, bool):
        result[key] = not value
    elif key == "dealer":
        result[key] = (value + 1) % state.players
    elif key == "shown":
        result[key] = [None if h else ["9O", "8O", "7O", "6O"] for h in value]
    elif key == "pots":
        result[key] = [*value, {"amount": 1, "eligible": [0], "winner": 0}]
    else:
        result[key] = [v + 1 for v in value]
    with pytest.raises(golfo.FormatError, match=rf"^results\[{i}\]\.{key}: the record says"):
        golfo.from_json(json.dumps(data))


@pytest.mark.parametrize("name", ["records.md", "shuffle.md", "conformance.md"])
def test_examples_in_the_docs_run(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # docs/conformance.md reads conformance/ by a relative path
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    outcome = doctest.testfile(
        str(ROOT / "docs" / name), module_relative=False, optionflags=flags, verbose=False
    )
    assert outcome.attempted > 0
    assert outcome.failed == 0


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("extra",), 1),
        (("format",), "golfo/2"),
        (("players",), 5),
        (("actions", 6, "amount"), True),
        (("actions", 6, "amount"), 5.5),
        (("actions", 6, "type"), "envido"),
        (("actions", 6, "colour"), "red"),
        (("actions", 0, "card"), "9X"),
        (("rules", "ante"), "1"),
        (("rules", "round_caps"), [1, 2, 3]),
        (("stacks",), [100, 100]),
    ],
)
def test_schema_refuses_what_from_json_refuses(path: tuple[str | int, ...], value: Any) -> None:
    data = json.loads(edited(BASE, path, value))
    assert not VALIDATOR.is_valid(data)
    with pytest.raises(golfo.FormatError):
        golfo.from_json(json.dumps(data))


# --- the format's limits, at and past each boundary (what mutation testing found unpinned)


def _played(hands: int = 1, stacks: tuple[int, ...] = (100, 100, 100)) -> golfo.State:
    """``hands`` hands of TRADICIONAL, everyone passing and standing pat to the showdown."""
    state = golfo.new_game(golfo.TRADICIONAL, players=3, stacks=stacks)
    for n in range(hands):
        if n:
            state = golfo.apply(state, golfo.NextHand())
        deck = golfo.shuffled_deck(n)
        while state.phase not in (golfo.Phase.BETWEEN_HANDS, golfo.Phase.END):
            if state.to_act is golfo.CHANCE:
                state = golfo.deal_from(state, deck)
                continue
            moves = golfo.legal_moves(state)
            state = golfo.apply(state, next(iter(moves)))  # Pass, or stand pat
    return state


def test_the_limits_are_the_published_ones() -> None:
    assert (records.MAX_ACTIONS, records.MAX_TEXT, records.MAX_DESCRIPTION) == (
        1_000_000,
        16_000_000,
        10_000,
    )


def test_a_record_at_the_action_limit_is_written_and_one_action_more_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _played()
    n = len(state.history)
    monkeypatch.setattr(records, "MAX_ACTIONS", n)
    assert golfo.from_json(golfo.to_json(state)) == state
    monkeypatch.setattr(records, "MAX_ACTIONS", n - 1)
    with pytest.raises(
        golfo.FormatError, match=f"^a golfo/1 record holds at most {n - 1} actions$"
    ):
        golfo.to_json(state)


def test_a_record_at_the_text_limit_is_written_and_one_character_more_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _played()
    text = golfo.to_json(state)
    monkeypatch.setattr(records, "MAX_TEXT", len(text))
    assert golfo.to_json(state) == text
    monkeypatch.setattr(records, "MAX_TEXT", len(text) - 1)
    message = f"^a golfo/1 record is at most {len(text) - 1} characters$"
    with pytest.raises(golfo.FormatError, match=message):
        golfo.to_json(state)
    monkeypatch.setattr(records, "MAX_TEXT", len(text) - 2)
    with pytest.raises(golfo.FormatError, match="at most"):
        golfo.to_json(state)


def test_a_description_at_its_limit_is_kept_and_one_character_more_is_refused() -> None:
    state = _played()
    longest = "x" * records.MAX_DESCRIPTION
    assert json.loads(golfo.to_json(state, description=longest))["description"] == longest
    message = f"^description: at most {records.MAX_DESCRIPTION} characters, got 10001$"
    with pytest.raises(golfo.FormatError, match=message):
        golfo.to_json(state, description=longest + "x")


def test_to_json_takes_its_options_by_keyword_only() -> None:
    with pytest.raises(TypeError):
        golfo.to_json(_played(), "a note")  # type: ignore[call-arg]


def test_steps_may_be_one_more_than_the_actions_limit_and_no_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = json.loads(golfo.to_json(_played()))
    monkeypatch.setattr(records, "MAX_ACTIONS", 3)
    data["steps"] = [{}] * 4  # one per state: the start and after each of 3 actions
    assert list(golfo.replay(data))[-1] == _played()
    data["steps"] = [{}] * 5
    with pytest.raises(golfo.FormatError, match=r"^steps: at most 4 items, got 5$"):
        golfo.replay(data)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("hand_number", 0, r"^results\[0\]\.hand_number: expected a whole number from 1 to "),
        (
            "ended_in",
            "nonsense",
            r'^results\[0\]\.ended_in: expected a phase name such as "showdown"',
        ),
        ("ended_in", [], r'^results\[0\]\.ended_in: expected a phase name such as "showdown"'),
        ("ended_in", None, r'^results\[0\]\.ended_in: expected a phase name such as "showdown"'),
    ],
)
def test_a_written_result_out_of_its_range_is_a_format_error_naming_it(
    key: str, value: object, message: str
) -> None:
    data = json.loads(golfo.to_json(_played()))
    data["results"][0][key] = value
    with pytest.raises(golfo.FormatError, match=message):
        golfo.from_json(json.dumps(data))


def test_payoffs_down_to_minus_max_int_are_read_and_one_less_is_refused() -> None:
    from golfo.wire import MAX_INT

    data = json.loads(golfo.to_json(_played()))
    data["results"][0]["payoffs"][0] = -MAX_INT  # readable; then it differs from the replay
    with pytest.raises(golfo.FormatError, match=r"^results\[0\]\.payoffs: the record says"):
        golfo.from_json(json.dumps(data))
    data["results"][0]["payoffs"][0] = -MAX_INT - 1
    with pytest.raises(golfo.FormatError, match=r"^results\[0\]\.payoffs\[0\]: expected a whole"):
        golfo.from_json(json.dumps(data))


def test_a_result_that_differs_is_quoted_to_two_hundred_characters() -> None:
    from golfo.wire import MAX_INT

    data = json.loads(golfo.to_json(_played()))
    pot = {"amount": MAX_INT, "eligible": [1, 2, 0], "winner": 1}
    data["results"][0]["pots"] = [pot, pot, pot]
    written = json.dumps(data["results"][0]["pots"], separators=(", ", ": "))
    assert len(written) > 201
    with pytest.raises(golfo.FormatError) as info:
        golfo.from_json(json.dumps(data))
    text = str(info.value)
    assert text.startswith(f"results[0].pots: the record says {written[:200]}, the replay gives ")
    assert written[:201] not in text


def test_a_record_of_three_hundred_hands_replays() -> None:
    """More hands than CPython interns small ints: counts compare by value."""
    state = _played(300, stacks=(1000, 1000, 1000))
    assert len(state.results) == 300
    assert golfo.from_json(golfo.to_json(state, expected=True)) == state


@pytest.mark.parametrize("seat", [3, 4, -1, True])
def test_a_seat_record_of_a_seat_not_at_the_table_is_a_seat_error(seat: object) -> None:
    message = f"seat must be None or 0..2, got {seat!r}"
    with pytest.raises(golfo.SeatError, match=f"^{re.escape(message)}$"):
        golfo.to_json(_played(), seat=seat)  # type: ignore[arg-type]
    four = golfo.new_game(golfo.TRADICIONAL, players=4)
    with pytest.raises(golfo.SeatError, match=r"^seat must be None or 0\.\.3, got 4$"):
        golfo.to_json(four, seat=4)


def test_a_pot_naming_a_seat_twice_is_a_format_error() -> None:
    data = json.loads(golfo.to_json(_played()))
    pot = data["results"][0]["pots"][0]
    pot["eligible"] = [pot["eligible"][0]] * 2
    with pytest.raises(
        golfo.FormatError, match=r"^results\[0\]\.pots\[0\]\.eligible: a seat appears twice$"
    ):
        golfo.from_json(json.dumps(data))


def test_replay_takes_any_mapping() -> None:
    import types

    data = json.loads(golfo.to_json(_played()))
    assert list(golfo.replay(types.MappingProxyType(data)))[-1] == _played()


def test_records_keep_words_in_their_own_letters() -> None:
    """The layout writes text as it is (``ensure_ascii=False``): a Spanish note stays legible."""
    text = golfo.to_json(_played(), description="mañana, el envite")
    assert '"description": "mañana, el envite"' in text
    assert "\\u00f1" not in text


def test_a_record_of_a_game_that_cannot_start_is_a_format_error() -> None:
    data = json.loads(golfo.to_json(_played()))
    data["stacks"] = [0, 0, 0]  # nobody can pay the ante
    with pytest.raises(golfo.FormatError, match=r"^record: cannot start this game: "):
        golfo.from_json(json.dumps(data))
