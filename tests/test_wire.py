"""The wire (format golfo-wire/1): JSON forms for frontends, their schema, and no leaks.

Every message these tests produce is validated against ``schema/golfo-wire.schema.json``.
The leak tests search the serialised text of a seat's view (and of the game as that seat
saw it) for every card the seat may not know, computed from the state and its history,
not from the view.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
from pathlib import Path
from typing import Any, Final

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golfo
import golfo.rules
from golfo import (
    CHANCE,
    DECK,
    LUDOTEKA,
    TRADICIONAL,
    Action,
    Deal,
    Discard,
    FormatError,
    NextHand,
    SeatError,
    State,
    wire,
)
from rulesets import variants

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "schema" / "golfo-wire.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
RULES: Final = (
    attrs.evolve(TRADICIONAL, hands=3),
    attrs.evolve(TRADICIONAL, hands=2, discards_face_up=False),
    attrs.evolve(LUDOTEKA, hands=2),
    attrs.evolve(LUDOTEKA, hands=2, discards_face_up=False, deal_in_pairs=True),
)
VARIANTS: Final = (
    golfo.MINI,
    attrs.evolve(golfo.MEDIANO, discards_face_up=False),
    attrs.evolve(
        TRADICIONAL,
        hands=2,
        bet_sizes=(2, 2, 4, 4),
        max_raises=2,
        cards_counted=2,
        ranks=(5, 6, 7, 8, 9),
        deal_sizes=(3, 1),
        betting_rounds=(1, 3, 4),
        table_sizes=(2, 3, 4),
    ),
)
"""Variants of the rules (issue 34), at each of their table sizes."""


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": SCHEMA["$defs"]})


VALIDATORS = {name: validator(name) for name in SCHEMA["$defs"]}


def valid(name: str, data: Any) -> None:
    errors = sorted(VALIDATORS[name].iter_errors(data), key=str)
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"
    assert not list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))  # the top level


def games(seed: int, rules: golfo.Rules, players: int) -> list[State]:
    """Every state of a random game (all-ins, folds, discards, several hands)."""
    rng = random.Random(seed)
    stacks = [rng.choice([rules.starting_stack, rng.randint(rules.ante + 1, 40)])] * players
    state = golfo.new_game(rules, players=players, stacks=stacks, dealer=rng.randrange(players))
    states = [state]
    while not state.is_over:
        if state.to_act is CHANCE:
            state = golfo.deal(state, rng)
        else:
            legal = golfo.legal_actions(state)
            state = golfo.apply(state, rng.choice(legal))
        states.append(state)
    return states


def known_cards(state: State, seat: int | None, *, whole_game: bool) -> set[str]:
    """What ``seat`` may know, from the state: its own deals, the discards it may see,
    the hands shown at showdowns (all of them public)."""
    known: set[str] = set()
    face_up = state.rules.discards_face_up
    for action, actor in golfo.state.log_entries(state.log):
        if isinstance(action, NextHand) and not whole_game:
            break
        if isinstance(action, Deal) and actor == seat and seat is not None:
            known.add(str(action.card))
        if isinstance(action, Discard) and (face_up or actor == seat):
            known |= {str(c) for c in action.cards}
    for result in state.results:
        for hand in result.shown:
            if hand is not None:
                known |= {str(c) for c in hand}
    return known


def check_no_leak(text: str, known: set[str]) -> None:
    for card in DECK:
        if str(card) not in known:
            assert f'"{card}"' not in text, f"{card} leaked"


CASES = [
    (seed, rules, players)
    for i, (rules, players) in enumerate(
        [*itertools.product(RULES, (3, 4)), *((r, n) for r in VARIANTS for n in r.table_sizes)]
    )
    for seed in (i, i + 10)
]
"""Every rule set with 3 and 4 seats, every variant at each of its table sizes, two seeds
each; each test takes every other case."""


@pytest.mark.parametrize(("seed", "rules", "players"), CASES[::2])
def test_views_validate_and_leak_no_card(seed: int, rules: golfo.Rules, players: int) -> None:
    states = games(seed, rules, players)
    for i, state in enumerate(states[:: max(1, len(states) // 40)] + states[-1:]):
        for seat in (*range(players), None):
            view = golfo.view(state, seat)
            data = wire.to_data(view)
            if i % 5 == 0 or state.to_act == seat:
                valid("view", data)  # the schema's check is slow: a sample of the views
            text = wire.dumps(view)
            assert json.loads(text) == data
            check_no_leak(text, known_cards(state, seat, whole_game=False))
            # moves and choices only for the seat to act
            assert (data["moves"] is not None) == (seat is not None and state.to_act == seat)
            assert data["version"] == len(state.history)


@pytest.mark.parametrize(("seed", "rules", "players"), CASES[1::2])
def test_seat_records_validate_and_leak_no_card(
    seed: int, rules: golfo.Rules, players: int
) -> None:
    final = games(seed, rules, players)[-1]
    for seat in (*range(players), None):
        text = (
            golfo.to_json(final, seat=seat)
            if seat is not None
            else golfo.to_json(final, spectator=True)
        )
        data = json.loads(text)
        valid("seat_record", data)
        check_no_leak(text, known_cards(final, seat, whole_game=True))
        assert len(data["events"]) == len(final.history)
    with pytest.raises(SeatError):
        golfo.to_json(final, seat=0, spectator=True)
    with pytest.raises(SeatError):
        golfo.to_json(final, seat=players)


def test_the_full_record_holds_the_hidden_cards_and_says_so() -> None:
    final = games(1, RULES[1], 3)[-1]  # face-down discards
    text = golfo.to_json(final)
    dealt = {str(a.card) for a in final.history if isinstance(a, Deal)}
    assert all(f'"{c}"' in text for c in dealt)  # every card dealt: for the server only
    mine = golfo.to_json(final, seat=0)
    assert any(f'"{c}"' not in mine for c in dealt)  # ... some of them hidden from seat 0
    assert "Server side only" in (golfo.to_json.__doc__ or "")


@pytest.mark.parametrize(("seed", "rules", "players"), CASES[1::2])
def test_round_trips(seed: int, rules: golfo.Rules, players: int) -> None:
    for state in games(seed, rules, players):
        moves = golfo.legal_moves(state)
        data = wire.to_data(moves)
        valid("moves", data)
        assert list(data) == list(wire.MOVES_KEYS)
        hand = moves.discard_from
        assert wire.moves_from_data(data, discard_from=hand) == moves
        for action in golfo.legal_actions(state)[:40]:
            a = wire.to_data(action)
            valid("action", a)
            assert wire.action_from_data(a) == action
            assert wire.loads_action(wire.dumps(action)) == action
        for result in state.results[-1:]:
            valid("result", wire.to_data(result))
        valid("standings", wire.to_data(golfo.standings(state)))
    assert wire.rules_from_data(wire.to_data(rules)) == rules
    for card in DECK:
        assert wire.card_from_data(wire.to_data(card)) == card


def test_a_showdown_result_names_the_winning_hand_and_a_fold_shows_nothing() -> None:
    state = golfo.deal_from(golfo.new_game(golfo.Rules(hands=2), players=3), golfo.DECK)
    while state.to_act is not None:  # everyone passes and stands pat: a showdown
        moves = golfo.legal_moves(state)
        action = next(iter(moves))  # a deal, a pass or standing pat
        state = golfo.apply(state, action)
    result = wire.to_data(state.results[-1])
    (pot,) = result["pots"]
    shown = state.results[-1].shown[pot["winner"]]
    assert shown is not None
    assert pot["value"] == shown.value
    assert pot["counting"] == [str(c) for c in shown.score.cards]
    assert pot["suit"] == shown.score.suit.spanish
    state = golfo.deal_from(golfo.apply(state, NextHand()), golfo.DECK)
    state = golfo.apply(state, golfo.Bet(state.to_act, 1))  # type: ignore[arg-type]
    while state.to_act is not None:
        state = golfo.apply(state, golfo.Fold(state.to_act))  # type: ignore[arg-type]
    folded = wire.to_data(state.results[-1])
    assert folded["showdown"] is False
    assert folded["pots"][0]["value"] is None
    assert folded["pots"][0]["counting"] is None
    assert folded["shown"] == [None, None, None]


def test_a_connection_acts_only_for_its_seat() -> None:
    assert wire.loads_action('{"type": "fold", "seat": 2}', seat=2) == golfo.Fold(2)
    for text in (
        '{"type": "fold", "seat": 1}',
        '{"type": "deal", "card": "9O"}',
        '{"type": "discard", "seat": 0, "cards": []}',
    ):
        with pytest.raises(SeatError):
            wire.loads_action(text, seat=2)
    assert wire.loads_action('{"type": "next_hand"}', seat=2) == NextHand()


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "action: not JSON"),
        ("[]", "action: expected an action object"),
        ('{"type": "bet", "seat": 1}', 'action: missing key "amount"'),
        ('{"type": "bet", "seat": 1, "amount": 5, "x": 1}', 'unexpected key "x"'),
        ('{"type": "bet", "seat": true, "amount": 5}', "action.seat: expected a seat number"),
        ('{"type": "bet", "seat": 9, "amount": 5}', "action.seat: expected a seat from 0 to 3"),
        ('{"type": "bet", "seat": 1, "amount": 5.0}', "action.amount: expected a whole number"),
        ('{"type": "bet", "seat": 1, "amount": -1}', "action.amount"),
        ('{"type": "discard", "seat": 1, "cards": ["9O", "9O"]}', "duplicate card 9O"),
        ('{"type": "discard", "seat": 1, "cards": ["10O"]}', "action.cards[0]: expected a card"),
        ('{"type": "shout"}', "action.type: expected one of"),
        ('{"type": "fold", "seat": 1, "type": "fold"}', "appears twice"),
        ('{"type": "bet", "seat": 1, "amount": NaN}', "NaN is not a JSON number"),
        ("x" * (wire.MAX_MESSAGE + 1), "too long"),
    ],
)
def test_malformed_actions_are_format_errors_naming_the_place(text: str, where: str) -> None:
    with pytest.raises(FormatError, match=None) as info:
        wire.loads_action(text)
    assert where in str(info.value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "seat", "amount", "cards", "card", "x"]) | st.text(max_size=4),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)
action_like = st.fixed_dictionaries(
    {"type": st.sampled_from(list(wire.ACTION_KEYS)) | st.text(max_size=6)},
    optional={
        "seat": json_values,
        "amount": json_values,
        "cards": json_values | st.lists(st.sampled_from([str(c) for c in DECK]), max_size=6),
        "card": json_values | st.sampled_from([str(c) for c in DECK]),
    },
)


@settings(max_examples=600, deadline=None)
@given(st.one_of(json_values, action_like))
def test_fuzzed_data_gives_an_action_or_a_format_error(data: Any) -> None:
    try:
        action = wire.action_from_data(data)
    except FormatError:
        return
    assert wire.action_from_data(wire.to_data(action)) == action
    text = json.dumps(data)
    assert wire.loads_action(text) == action


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64) | st.text(max_size=64))
def test_fuzzed_text_gives_an_action_or_a_format_error(text: str | bytes) -> None:
    with contextlib.suppress(FormatError):
        wire.loads_action(text)


def test_schema_is_valid_and_shipped_in_the_package() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    shipped = Path(wire.__file__).with_name("wire.schema.json")
    assert json.loads(shipped.read_text(encoding="utf-8")) == SCHEMA


def test_to_data_refuses_what_has_no_wire_form() -> None:
    state = golfo.new_game(TRADICIONAL, players=3)
    with pytest.raises(FormatError, match="no golfo-wire form for a State"):
        wire.to_data(state)
    with pytest.raises(FormatError):
        wire.action_data("fold")  # type: ignore[arg-type]


def test_action_forms_are_the_records_forms() -> None:
    # one codec: a record's actions are the wire's actions
    final = games(3, RULES[0], 3)[-1]
    record = json.loads(golfo.to_json(final))
    assert record["actions"] == [wire.to_data(a) for a in final.history]


def listed(state: State) -> list[Action]:
    return list(golfo.legal_actions(state))


# --- the wording of refusals and the edges of the readers (what mutation testing found)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        (0, "0"),
        (1, "1"),
        (0.5, "0.5"),
        (10**39, "1" + "0" * 39),  # 40 characters: shown whole
        (10**40, "1" + "0" * 36 + "..."),  # 41: cut to 37 and an ellipsis
        ("a" * 38, '"' + "a" * 38 + '"'),
        ("a" * 39, '"' + "a" * 36 + '..."'),
        ("ñ" * 38, '"' + "ñ" * 38 + '"'),
        ([1], "an array"),
        ((1,), "an array"),
        ({"a": 1}, "an object"),
        (object(), "a Python object"),
    ],
    ids=repr,
)
def test_a_bad_value_is_shown_short_in_json_terms(value: object, shown: str) -> None:
    from golfo._reading import show

    assert show(value) == shown


def test_an_unexpected_key_is_quoted_to_forty_characters() -> None:
    from golfo._reading import read_object

    key = "k" * 60
    with pytest.raises(FormatError) as info:
        read_object({"a": 1, key: 2}, "x", ("a",))
    assert str(info.value) == f"x: unexpected key {json.dumps(key)[:40]}"


def test_a_repeated_key_is_quoted_to_forty_characters() -> None:
    from golfo._reading import parse_json

    key = "k" * 60
    with pytest.raises(FormatError) as info:
        parse_json(f'{{"{key}": 1, "{key}": 2}}', "x", 1000)
    assert (
        str(info.value) == f"x: not JSON: the key {json.dumps(key)[:40]} appears twice in an object"
    )


def test_bytes_longer_than_four_per_character_are_refused_before_decoding() -> None:
    from golfo._reading import parse_json

    with pytest.raises(FormatError, match=r"^x: too long: at most 10 characters$"):
        parse_json(b" " * 41, "x", 10)
    with pytest.raises(FormatError, match=r"^x: too long: at most 10 characters, got 40$"):
        parse_json(b" " * 40, "x", 10)


def test_an_array_longer_than_its_length_names_the_length() -> None:
    from golfo._reading import read_array

    with pytest.raises(FormatError, match=r"^x: expected 4 items, got 5$"):
        read_array([1, 2, 3, 4, 5], "x", most=9, length=4)
    with pytest.raises(FormatError, match=r"^x: expected 4 items, got 3$"):
        read_array([1, 2, 3], "x", most=9, length=4)


def test_round_caps_below_one_are_refused_by_the_rules_and_below_zero_by_the_reader() -> None:
    from golfo.wire import rules_data, rules_from_data

    data = rules_data(golfo.LUDOTEKA)
    data["round_caps"] = [0, 50, 75, 100]  # a number, but not a cap (R9)
    with pytest.raises(FormatError, match=r"^rules: round_caps must be None or four whole"):
        rules_from_data(data)
    data["round_caps"] = [25, -1, 75, 100]  # not even a count of chips
    with pytest.raises(
        FormatError, match=r"^rules\.round_caps\[1\]: expected a whole number from 0 "
    ):
        rules_from_data(data)


def test_the_rules_of_el_golfo_are_written_as_they_always_were() -> None:
    """The variant's settings are written only when they are not El Golfo's: the presets'
    JSON form has its ten keys of old, in their order."""
    for rules in (TRADICIONAL, LUDOTEKA, attrs.evolve(LUDOTEKA, hands=3, ante=2)):
        assert list(wire.rules_data(rules)) == list(wire.RULE_FIELDS[:10])
    assert wire.rules_data(TRADICIONAL) == {
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
    mini = wire.rules_data(golfo.MINI)
    assert list(mini)[10:] == [
        "ranks",
        "suits",
        "deal_sizes",
        "discard_rounds",
        "betting_rounds",
        "bet_sizes",
        "max_raises",
        "table_sizes",
    ]  # cards_counted is El Golfo's 4: left out
    assert (mini["suits"], mini["bet_sizes"], mini["table_sizes"]) == (
        ["O", "C"],
        [1, 1, 2, 2],
        [2, 3],
    )


@settings(max_examples=150, deadline=None)
@given(variants())
def test_every_variant_setting_round_trips(rules: golfo.Rules) -> None:
    data = json.loads(json.dumps(wire.rules_data(rules)))
    assert not list(VALIDATORS["rules"].iter_errors(data))  # the schema's form of the rules
    assert wire.rules_from_data(data) == rules
    for name in golfo.rules.VARIANT_FIELDS:
        default = getattr(TRADICIONAL, name)
        assert (name in data) == (getattr(rules, name) != default)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("ranks", [2, 3], r"^rules\.ranks\[0\]: expected a whole number from 3 to 9, got 2$"),
        ("ranks", [3, 3], r"^rules: ranks must be distinct whole numbers 3\.\.9"),
        ("ranks", [], r"^rules: ranks must be distinct whole numbers 3\.\.9, at least one"),
        ("ranks", "39", r"^rules\.ranks: expected an array, got \"39\"$"),
        ("ranks", [3.0], r"^rules\.ranks\[0\]: expected a whole number, got 3\.0$"),
        (
            "suits",
            ["X"],
            r'^rules\.suits\[0\]: expected a suit letter "O", "C", "E" or "B", got "X"$',
        ),
        ("suits", ["O", "O"], r"^rules: suits must be distinct golfo\.Suit members"),
        ("suits", "OC", r"^rules\.suits: expected an array"),
        ("suits", [1], r"^rules\.suits\[0\]: expected a suit letter"),
        ("deal_sizes", [2], r"^rules\.deal_sizes: expected 2 items, got 1$"),
        ("deal_sizes", [0, 3], r"^rules: deal_sizes must be two whole numbers"),
        ("deal_sizes", [3, 3], r"^rules: deal_sizes must be two whole numbers"),
        ("deal_sizes", [2, "3"], r"^rules\.deal_sizes\[1\]: expected a whole number"),
        ("discard_rounds", 3, r"^rules\.discard_rounds: expected a whole number from 0 to 2"),
        ("discard_rounds", True, r"^rules\.discard_rounds: expected a whole number, got true$"),
        ("betting_rounds", [], r"^rules: betting_rounds must be distinct whole numbers 1\.\.4"),
        ("betting_rounds", [5], r"^rules\.betting_rounds\[0\]: expected a whole number from 1"),
        ("betting_rounds", [1, 1], r"^rules: betting_rounds must be distinct"),
        ("cards_counted", 0, r"^rules: cards_counted must be a whole number 1\.\.5, got 0$"),
        ("cards_counted", 6, r"^rules\.cards_counted: expected a whole number from 0 to 5"),
        ("bet_sizes", [1, 2, 3], r"^rules\.bet_sizes: expected 4 items, got 3$"),
        ("bet_sizes", [0, 1, 1, 1], r"^rules\.bet_sizes\[0\]: expected a whole number from 1"),
        ("max_raises", -1, r"^rules\.max_raises: expected a whole number from 0 to"),
        ("max_raises", 1.5, r"^rules\.max_raises: expected a whole number, got 1\.5$"),
        ("table_sizes", [1], r"^rules\.table_sizes\[0\]: expected a whole number from 2 to 4"),
        ("table_sizes", [2, 2], r"^rules: table_sizes must be distinct"),
        ("table_sizes", [], r"^rules: table_sizes must be distinct whole numbers 2\.\.4"),
        # readable, but not a game: the rules refuse it, and the reader says so
        ("deal_sizes", [5, 0], r"^rules: betting rounds 1 and 2 follow each other"),
        ("ranks", [9], r"^rules: a deck of 4 cards is too small"),
    ],
)
def test_a_bad_variant_setting_is_a_format_error(key: str, value: object, message: str) -> None:
    data = wire.rules_data(TRADICIONAL) | {key: value}
    with pytest.raises(FormatError, match=message):
        wire.rules_from_data(data)


def test_the_variant_settings_may_be_written_with_el_golfos_values_or_null() -> None:
    """A reader takes a variant setting written with El Golfo's value (or null, for the
    limits) as if it were left out."""
    data = wire.rules_data(TRADICIONAL) | {
        "ranks": [3, 4, 5, 6, 7, 8, 9],
        "suits": ["B", "O", "E", "C"],
        "bet_sizes": None,
        "max_raises": None,
        "table_sizes": [4, 3],
    }
    assert wire.rules_from_data(data) == TRADICIONAL
    with pytest.raises(FormatError, match=r'^rules: unexpected key "limit"$'):
        wire.rules_from_data(data | {"limit": 1})


def test_a_variant_table_is_read_at_its_own_sizes() -> None:
    """A view or record of a variant checks ``players`` against the rules' table sizes."""
    state = golfo.deal_from(golfo.new_game(golfo.MINI, players=2), golfo.MINI.deck)
    data = wire.view_data(golfo.view(state, 1))
    assert wire.view_from_data(data) == golfo.view(state, 1)
    with pytest.raises(FormatError, match=r"^view\.players: expected 2 or 3, got 4$"):
        wire.view_from_data(data | {"players": 4})
    record = json.loads(golfo.to_json(state))
    assert golfo.from_json(json.dumps(record)) == state
    with pytest.raises(FormatError, match=r"^players: expected 2 or 3, got 4$"):
        golfo.from_json(json.dumps(record | {"players": 4}))


def test_moves_read_back_from_json_text_chance_seats_and_deals() -> None:
    from golfo.wire import moves_data, moves_from_data

    chance = golfo.legal_moves(golfo.new_game(golfo.TRADICIONAL, players=4))
    data = json.loads(json.dumps(moves_data(chance)))  # "chance" as the parser builds it
    assert moves_from_data(data) == chance
    assert len(data["deals"]) == 28
    data["deals"] = [*data["deals"], data["deals"][0]]
    with pytest.raises(FormatError, match=r"^moves\.deals: at most 28 items, got 29$"):
        moves_from_data(data)
    data = moves_data(chance) | {"seat": 3, "deals": []}
    assert moves_from_data(data).seat == 3
    with pytest.raises(FormatError, match=r"^moves\.seat: expected a seat from 0 to 3, got 4$"):
        moves_from_data(data | {"seat": 4})


def test_a_seat_below_zero_is_refused() -> None:
    from golfo._reading import read_seat

    assert read_seat(0, "x", 3) == 0
    with pytest.raises(FormatError, match=r"^x: expected a seat from 0 to 2, got -1$"):
        read_seat(-1, "x", 3)


def test_zero_hands_are_refused_by_the_rules_not_the_reader() -> None:
    from golfo.wire import rules_data, rules_from_data

    data = rules_data(golfo.Rules(hands=1)) | {"hands": 0}
    with pytest.raises(FormatError, match=r"^rules: hands must be None \(open-ended\) or a whole"):
        rules_from_data(data)
    with pytest.raises(FormatError, match=r"^rules\.hands: expected a whole number from 0 "):
        rules_from_data(data | {"hands": -1})


def test_legal_moves_read_back_refuse_amounts_below_one_and_discards_beyond_five() -> None:
    from golfo.wire import moves_data, moves_from_data

    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    data = moves_data(golfo.legal_moves(state))
    assert data["bet"] == [1, 99]
    with pytest.raises(FormatError, match=r"^moves\.bet\[0\]: expected a whole number from 1 "):
        moves_from_data(data | {"bet": [0, 99]})
    for most in (0, 5):
        assert moves_from_data(data | {"discard_max": most}).discard_max == most
    for most in (-1, 6):
        with pytest.raises(FormatError, match=r"^moves\.discard_max: expected a whole number"):
            moves_from_data(data | {"discard_max": most})


@pytest.mark.parametrize("name", ["ante", "min_open", "min_raise", "starting_stack"])
def test_a_negative_count_of_chips_in_the_rules_is_refused_by_the_reader(name: str) -> None:
    from golfo.wire import rules_data, rules_from_data

    data = rules_data(golfo.TRADICIONAL) | {name: -1}
    with pytest.raises(FormatError, match=rf"^rules\.{name}: expected a whole number from 0 "):
        rules_from_data(data)


def test_the_limits_are_the_documented_numbers_at_and_past_each_bound() -> None:
    """65,536 characters a message, 10**12 chips in the rules, 2**63 - 1 anywhere else (a
    signed 64-bit integer, what other implementations store), each read at its bound and
    refused one past it, written as numbers (found by mutation testing: the limits were only
    ever compared with themselves)."""
    fold = '{"type": "fold", "seat": 1}'
    assert wire.loads_action(fold + " " * (65_536 - len(fold))) == golfo.Fold(1)
    with pytest.raises(FormatError, match=r"^action: too long: at most 65536 characters, got"):
        wire.loads_action(fold + " " * (65_537 - len(fold)))
    biggest = 9_223_372_036_854_775_807
    bet = {"type": "bet", "seat": 1, "amount": biggest}
    assert wire.action_from_data(bet) == golfo.Bet(1, biggest)
    with pytest.raises(FormatError, match=rf"^action\.amount: .* from 0 to {biggest}, got"):
        wire.action_from_data(bet | {"amount": biggest + 1})
    rules = wire.rules_data(golfo.Rules()) | {"starting_stack": 10**12}
    assert wire.rules_from_data(rules).starting_stack == 1_000_000_000_000
    with pytest.raises(FormatError, match=r"^rules\.starting_stack: .* to 1000000000000, got"):
        wire.rules_from_data(rules | {"starting_stack": 10**12 + 1})


def test_an_action_read_without_a_table_size_takes_seats_up_to_three() -> None:
    """``action_from_data`` bounds seats by ``players``, four unless told (found by mutation
    testing: only ``loads_action``, which passes its own default, was tried)."""
    assert wire.action_from_data({"type": "fold", "seat": 3}) == golfo.Fold(3)
    with pytest.raises(FormatError, match=r"^action\.seat: expected a seat from 0 to 3, got 4$"):
        wire.action_from_data({"type": "fold", "seat": 4})


def test_the_readers_options_are_keyword_only() -> None:
    """A bare second argument could be a seat, a table size or a flag: every reader and
    ``view_data`` take their options by keyword (found by mutation testing: ``*`` for ``/``
    went unnoticed)."""
    state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
    calls: list[Any] = [
        lambda: wire.action_from_data({"type": "fold", "seat": 1}, 1),  # type: ignore[call-arg]
        lambda: wire.loads_action('{"type": "fold", "seat": 1}', 1),  # type: ignore[call-arg]
        lambda: wire.moves_from_data(wire.moves_data(golfo.legal_moves(state)), None),  # type: ignore[call-arg]
        lambda: wire.view_data(golfo.view(state, 0), False),  # type: ignore[call-arg]
    ]
    for call in calls:
        with pytest.raises(TypeError, match="positional"):
            call()


def test_dumps_keeps_utf8_characters_as_they_are() -> None:
    """``dumps`` writes "más", not "m\\u00e1s" (its documented form; found by auditing the
    equivalent mutants: the game's own words happen to be plain ASCII on the wire)."""
    from golfo.notation import Choice

    choice = Choice("call", "voy, 5 más", "call, 5 more", "c", amount=5)
    text = wire.dumps(choice)
    assert '"es":"voy, 5 más"' in text
    assert "\\u00e1" not in text
    assert json.loads(text)["es"] == "voy, 5 más"


def test_an_event_built_by_hand_with_a_list_of_cards_is_worded_as_with_a_set() -> None:
    """The words of history events are cached by event; an event that cannot be a cache key
    (a list of cards) is worded all the same, never a ``TypeError``."""
    from golfo.views import Discarded

    cards = [DECK[0], DECK[5]]
    by_hand = Discarded(0, 2, cards)  # type: ignore[arg-type]
    assert wire.dumps(by_hand) == wire.dumps(Discarded(0, 2, frozenset(cards)))


@pytest.mark.parametrize("players", [1, 5, 1000, True, 4.0, None])
def test_an_action_is_read_for_a_table_of_two_to_four(players: object) -> None:
    """``players`` is the table's size, 2 to 4 (R1: 3 or 4 in El Golfo, 2 too in a variant):
    any other is the caller's mistake, a ``RulesError``, not a malformed message."""
    with pytest.raises(golfo.RulesError) as info:
        wire.action_from_data({"type": "fold", "seat": 1}, players=players)  # type: ignore[arg-type]
    assert str(info.value) == f"golfo's rules are played by 2 to 4 players, got {players!r}"
    assert wire.action_from_data({"type": "fold", "seat": 2}, players=3) == golfo.Fold(2)
    assert wire.action_from_data({"type": "fold", "seat": 1}, players=2) == golfo.Fold(1)
    with pytest.raises(golfo.FormatError, match="expected a seat from 0 to 1, got 2"):
        wire.action_from_data({"type": "fold", "seat": 2}, players=2)


def test_the_modules_public_names_are_its_api() -> None:
    """``golfo.wire`` binds no public name but its ``__all__`` (no ``json``, ``Any`` or
    reader helpers: those are private, in ``golfo._reading`` and ``golfo._codec``)."""
    assert [n for n in dir(wire) if not n.startswith("_")] == sorted(wire.__all__)
