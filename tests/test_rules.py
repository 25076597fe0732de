"""``golfo.Rules``: validation, the derived starting stack (R16), equality and repr."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from golfo import LUDOTEKA, TRADICIONAL, Rules, RulesError, Suit
from rulesets import variants


def rule_sets() -> st.SearchStrategy[Rules]:
    """Rule sets of El Golfo and variants of the rules."""
    return el_golfo() | variants()


@st.composite
def el_golfo(draw: st.DrawFn) -> Rules:
    ante = draw(st.integers(0, 10))
    caps = draw(
        st.none()
        | st.lists(st.integers(max(ante, 1), 400), min_size=4, max_size=4).map(
            lambda c: tuple(sorted(c))
        )
    )
    return Rules(
        ante=ante,
        min_open=draw(st.integers(1, 9)),
        min_raise=draw(st.integers(1, 9)),
        round_caps=caps,
        discards_face_up=draw(st.booleans()),
        deal_in_pairs=draw(st.booleans()),
        starting_stack=draw(st.none() | st.integers(1, 10**6)),
        hands=draw(st.none() | st.integers(1, 50)),
        rebuy=draw(st.booleans()),
        extra_hands_on_tie=draw(st.booleans()),
    )


@given(rule_sets())
def test_repr_is_valid_python_that_gives_the_same_rules(rules: Rules) -> None:
    again = eval(repr(rules), {"Rules": Rules, "Suit": Suit})
    assert again == rules
    assert hash(again) == hash(rules)
    assert again.starting_stack_given == rules.starting_stack_given


@given(rule_sets(), st.integers(1, 50))
def test_r16_derived_starting_stack_follows_the_length(rules: Rules, hands: int) -> None:
    longer = attrs.evolve(rules, hands=hands)
    if rules.starting_stack_given:
        assert longer.starting_stack == rules.starting_stack
    elif rules.round_caps is not None:
        assert longer.starting_stack == rules.round_caps[-1] * hands
    else:
        assert longer.starting_stack == 100


def test_equality_is_by_the_game_played() -> None:
    explicit = attrs.evolve(LUDOTEKA, starting_stack=1000)
    assert explicit == LUDOTEKA  # the same game: 1000 points each
    assert hash(explicit) == hash(LUDOTEKA)
    assert explicit.starting_stack_given
    assert not LUDOTEKA.starting_stack_given
    # ... but they differ in what a change of length does
    assert attrs.evolve(explicit, hands=3).starting_stack == 1000
    assert attrs.evolve(LUDOTEKA, hands=3).starting_stack == 300
    assert attrs.evolve(LUDOTEKA, hands=3) != attrs.evolve(explicit, hands=3)
    assert TRADICIONAL != LUDOTEKA
    assert TRADICIONAL != "TRADICIONAL"


@pytest.mark.parametrize(
    "bad",
    [
        {"starting_stack": 0},
        {"starting_stack": -5},
        {"starting_stack": 10.0},
        {"starting_stack": True},
        {"starting_stack": "100"},
    ],
)
def test_bad_starting_stacks_are_rules_errors(bad: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match="starting_stack"):
        Rules(**bad)
