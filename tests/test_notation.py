"""golfo.notation: what players say, both ways, in Spanish and English.

Round trips (``parse(say(a)) == a``) for every legal action of random states in both
languages, with and without the view's amounts; parsing is case- and accent-insensitive;
the refusals a newcomer hit give reasons; every refusal of ``apply`` has a sentence.
"""

from __future__ import annotations

import random
from typing import Final

import attrs
import pytest

import golfo
from golfo import (
    CHANCE,
    DECK,
    LUDOTEKA,
    TRADICIONAL,
    Bet,
    Call,
    Discard,
    EndGame,
    Fold,
    IllegalActionError,
    NextHand,
    NotationError,
    Pass,
    Raise,
    State,
    notation,
    view,
)
from golfo.notation import LANGS, card_name, choices, explain, parse, say

RULES: Final = (attrs.evolve(TRADICIONAL, hands=2), attrs.evolve(LUDOTEKA, hands=2))


def random_states(seed: int, rules: golfo.Rules, players: int = 3) -> list[State]:
    rng = random.Random(seed)
    stacks = [rng.choice([rules.starting_stack, rng.randint(rules.ante + 1, 30)])] * players
    state = golfo.new_game(rules, players=players, stacks=stacks)
    out = [state]
    while not state.is_over:
        state = (
            golfo.deal(state, rng)
            if state.to_act is CHANCE
            else golfo.apply(state, rng.choice(golfo.legal_actions(state)))
        )
        out.append(state)
    return out


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("rules", RULES, ids=["tradicional", "ludoteka"])
def test_parse_say_round_trip_for_every_legal_action(seed: int, rules: golfo.Rules) -> None:
    checked = 0
    for state in random_states(seed, rules, 3 + seed % 2):
        seat = state.to_act
        if state.phase is golfo.Phase.BETWEEN_HANDS:
            v = view(state, 0)
            for action in golfo.legal_actions(state):
                for lang in LANGS:
                    assert parse(say(action, lang=lang), v, lang=lang) == action
            continue
        if not isinstance(seat, int):
            continue
        v = view(state, seat)
        for action in golfo.legal_actions(state)[:60]:
            for lang in LANGS:
                assert parse(say(action, lang=lang), v) == action, (action, lang)
                spoken = say(action, lang=lang, state_or_view=v)
                assert parse(spoken, v) == action, (spoken, action)
                assert parse(spoken.upper(), v) == action
                checked += 1
    assert checked > 50


def test_the_words_of_the_issue() -> None:
    assert [say(a) for a in (Pass(0), Bet(0, 5), Call(0), Raise(0, 10), Fold(0))] == [
        "paso",
        "envido 5",
        "voy",
        "subo a 10",
        "no voy",
    ]
    assert [say(a, lang="en") for a in (Pass(0), Bet(0, 5), Call(0), Raise(0, 10), Fold(0))] == [
        "pass",
        "bet 5",
        "call",
        "raise to 10",
        "fold",
    ]
    cards = golfo.parse_cards("5C 3O")
    assert say(Discard(0, cards)) == "descarto 3O 5C"
    assert say(Discard(0, cards), lang="en") == "discard 3O 5C"
    assert (say(Discard(0, ())), say(Discard(0, ()), lang="en")) == ("me quedo", "stand pat")
    assert say(NextHand(), lang="en") == "next hand"
    assert say(EndGame()) == "fin de la partida"


def _betting() -> State:
    return golfo.deal_from(golfo.new_game(TRADICIONAL, players=3), golfo.DECK)


def test_parsing_is_case_and_accent_insensitive_in_both_languages() -> None:
    v = view(_betting(), 1)
    for text in ("PASO", "Paso", "pass", "  check "):
        assert parse(text, v) == Pass(1)
    for text in ("envido 7", "ENVIDO 7", "bet 7", "apuesto 7", "7"):
        assert parse(text, v) == Bet(1, 7)
    assert parse("resto", v) == Bet(1, 99)
    opened = view(golfo.apply(_betting(), Bet(1, 5)), 2)
    for text in ("subo 10", "subo a 10", "SÚBO A 10", "raise to 10", "raise 10", "10"):
        assert parse(text, opened) == Raise(2, 10)
    for text in ("voy", "veo", "Call", "voy, 5 más", "call, 5 more"):
        assert parse(text, opened) == Call(2)
    for text in ("no voy", "No Voy", "fold", "me retiro"):
        assert parse(text, opened) == Fold(2)


def test_refusals_that_a_newcomer_hit_have_reasons() -> None:
    v = view(_betting(), 1)
    with pytest.raises(NotationError) as info:
        parse("subo 10", v)  # nobody has opened: refused, not turned into a bet
    assert info.value.code == "raise_unopened"
    with pytest.raises(NotationError) as info:
        parse("raise 10", v, lang="en")
    assert "nobody has bet yet" in info.value.reason
    with pytest.raises(NotationError) as info:
        parse("envido 500", v, lang="en")
    assert info.value.code == "above_stack"
    assert "99 at most" in info.value.reason
    # a bare "descarto" asks which cards (it is not standing pat)
    state = _betting()
    while state.phase is not golfo.Phase.DISCARD_1:
        moves = golfo.legal_moves(state)
        state = golfo.apply(state, next(iter(moves)))
    seat = state.to_act
    assert isinstance(seat, int)
    dv = view(state, seat)
    with pytest.raises(NotationError) as info:
        parse("descarto", dv)
    assert info.value.code == "which_cards"
    assert "¿qué cartas" in info.value.reason
    with pytest.raises(NotationError) as info:
        parse("discard", dv, lang="en")
    assert "which cards" in info.value.reason
    assert parse("me quedo", dv) == Discard(seat, ())
    stranger = next(c for c in DECK if c not in dv.hand)
    with pytest.raises(NotationError) as info:
        parse(f"descarto {stranger}", dv)
    assert info.value.code == "not_held"
    with pytest.raises(NotationError):
        parse("descarto 10O", dv)
    with pytest.raises(NotationError) as info:
        parse("hola", dv)
    assert info.value.code == "unknown"
    with pytest.raises(NotationError) as info:
        parse("paso", view(state, (seat + 1) % 3))
    assert info.value.code == "not_to_act"


@pytest.mark.parametrize(
    "text", ["\u19da", "voy \u19da", "envido \u1369", "subo \u0663", "envido " + "9" * 5000]
)
def test_digits_int_refuses_are_refusals_not_crashes(text: str) -> None:
    # str.isdigit() takes these; int() refuses them (and any number past 4,300 digits)
    with pytest.raises(NotationError):
        parse(text, view(_betting(), 1))


def test_table_stakes_and_caps_are_explained_from_the_view() -> None:
    state = golfo.new_game(TRADICIONAL, players=3, stacks=(1001, 51, 81))
    state = golfo.apply(golfo.apply(golfo.deal_from(state, golfo.DECK), Pass(1)), Pass(2))
    with pytest.raises(NotationError) as info:
        parse("envido 999", view(state, 0), lang="en")
    assert info.value.code == "above_reach"
    assert "seat 2 can put in 80 at most" in info.value.reason
    ludo = golfo.deal_from(golfo.new_game(LUDOTEKA, players=3), golfo.DECK)
    with pytest.raises(NotationError) as info:
        parse("envido 21", view(ludo, 1), lang="en")
    assert "the cap this round is 20" in info.value.reason


def test_explain_words_every_refusal_in_both_languages() -> None:
    rng = random.Random(5)
    codes: set[str] = set()
    for state in random_states(3, RULES[1]) + random_states(4, RULES[0], 4):
        for _ in range(6):
            seat = rng.randint(-1, 4)
            probes: list[golfo.Action] = [
                Pass(seat),
                Bet(seat, rng.randint(-1, 2000)),
                Call(seat),
                Raise(seat, rng.randint(-1, 2000)),
                Fold(seat),
                Discard(seat, rng.sample(DECK, 2)),
                NextHand(),
                EndGame(),
                golfo.Deal(rng.choice(DECK)),
            ]
            probe = rng.choice(probes)
            try:
                golfo.apply(state, probe)
            except IllegalActionError as error:
                codes.add(error.code)
                for lang in LANGS:
                    text = explain(error, lang=lang)
                    assert text
                    assert "{" not in text, text  # every placeholder filled
    assert {"not_your_turn", "pass_after_open", "no_betting", "hand_in_play"} <= codes


def test_explain_the_example_of_the_issue() -> None:
    state = golfo.new_game(TRADICIONAL, players=3, stacks=(1001, 51, 81))
    state = golfo.apply(golfo.deal_from(state, golfo.DECK), Bet(1, 5))
    with pytest.raises(IllegalActionError) as info:
        golfo.apply(state, Pass(2))
    assert explain(info.value) == (
        "no puedes pasar: ya hay una apuesta de 5; puedes ver 5, subir de 6 a 80 o no ir"
    )
    with pytest.raises(IllegalActionError) as info:
        golfo.apply(golfo.deal_from(golfo.new_game(LUDOTEKA, players=3), golfo.DECK), Bet(1, 21))
    assert explain(info.value, lang="en").startswith("the cap this round is 20")


def test_choices_follow_the_legal_moves() -> None:
    for state in random_states(1, RULES[0]) + random_states(2, RULES[1]):
        moves = golfo.legal_moves(state)
        seat = moves.seat
        if seat is CHANCE:
            assert choices(moves) == ()
            continue
        kinds = [c.kind for c in choices(moves)]
        assert ("pass" in kinds) == moves.can_pass
        assert ("fold" in kinds) == moves.can_fold
        assert ("call" in kinds) == (moves.call is not None)
        assert ("next_hand" in kinds) == moves.next_hand
        for c in choices(moves):
            assert c.es
            assert c.en
            assert len(c.key) == 1
            if c.kind in ("bet", "raise"):
                assert c.low is not None
                assert c.high is not None
                assert range(c.low, c.high + 1) == (moves.bets if c.kind == "bet" else moves.raises)
        assert len({c.key for c in choices(moves)}) == len(kinds)  # shortcuts are distinct


def test_names_in_both_languages() -> None:
    es = {card_name(c, "es") for c in DECK}
    en = {card_name(c, "en") for c in DECK}
    assert len(es) == len(en) == 28
    assert card_name(golfo.Card.parse("9O")) == golfo.Card.parse("9O").name == "nueve de oros"
    assert card_name(golfo.Card.parse("9O"), "en") == "nine of coins"
    for phase in golfo.Phase:
        assert notation.phase_name(phase, "es")
        assert notation.phase_name(phase, "en")
    assert all(set(v) == {"es", "en"} for v in notation.TERMS.values())
    # one order for cards everywhere: canonical, by suit then rank
    hand = golfo.Hand.parse("9C 3O 8O 5B")
    assert str(hand) == "3O 8O 9C 5B"
    assert say(Discard(0, hand)) == "descarto 3O 8O 9C 5B"
    assert golfo.wire.to_data(hand) == ["3O", "8O", "9C", "5B"]
