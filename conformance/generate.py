"""Generate the conformance vectors: scripted games written as golfo/1 records.

Run from the repository root with golfo installed::

    python conformance/generate.py           # (re)write conformance/*.json
    python conformance/generate.py --check   # exit 1 if a file differs from what the script makes
    python conformance/generate.py --corpus  # also write the corpus again (corpus.jsonl.gz)

Each vector is a scripted game: the cards each seat receives are planned
(the rest come from a seeded deck, ``golfo.shuffled_deck``), and the moves
are written as short tokens.  After playing, the script asserts that the
game shows what its description claims (a trabuco, side pots, ...), then
writes the record with its ``description`` and ``expected`` values.  The
files are frozen: the script only reproduces them, and ``--check`` (run by
the tests) proves that it does.

Move tokens, separated by spaces; a leading digit names the seat that must
be the one to act (checked):

- ``p`` pass, ``c`` call, ``f`` fold, ``b5`` bet to 5, ``r12`` raise to 12
- ``d`` stand pat, ``d:3O+5C`` discard those cards, ``d#3`` discard the seat's
  first three cards (canonical order)
- ``.`` the passive move for whoever is to act: pass, call, or stand pat
- ``~`` passive moves until the phase changes; ``$`` until the hand ends
- ``N`` next hand, ``E`` end the game
"""

from __future__ import annotations

import gzip
import itertools
import json
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import golfo
from golfo import Card, Phase, State
from golfo.conformance.corpus import CORPUS_GAMES, CORPUS_SEED, generate
from golfo.conformance.perft import POSITIONS, VARIANT_POSITIONS, Position, perft
from golfo.conformance.protocol import observation
from golfo.conformance.runner import illegal_actions

HERE = Path(__file__).resolve().parent
_TOKEN = re.compile(r"^(?P<seat>\d)?(?P<op>[pcfbrd.~$])(?P<arg>.*)$")
_DISCARDING = (Phase.DISCARD_1, Phase.DISCARD_2)


class Script:
    """A game played from a script, one hand at a time."""

    def __init__(
        self,
        rules: golfo.Rules,
        players: int,
        dealer: int = 0,
        stacks: Iterable[int] | None = None,
    ) -> None:
        self.state = golfo.new_game(
            rules, players=players, dealer=dealer, stacks=None if stacks is None else list(stacks)
        )
        self.plan: dict[int, list[Card]] = {}
        self.draws: list[Card] = []

    # -- dealing -----------------------------------------------------------

    def cards(self, hands: dict[int, str] | None = None, draws: str = "") -> Script:
        """Plan the current hand's cards: per seat its first five (two then three), and the
        replacement cards in the order they are drawn.  Unplanned cards come from a deck
        shuffled with the hand number as seed."""
        self.plan = {s: list(golfo.parse_cards(c)) for s, c in (hands or {}).items()}
        self.draws = list(golfo.parse_cards(draws))
        return self

    def _deal(self) -> None:
        while self.state.to_act is golfo.CHANCE:
            seat = self.state.receiver
            assert seat is not None
            queue = self.draws if self.state.phase in _DISCARDING else self.plan.get(seat, [])
            if queue:
                card = queue.pop(0)
            else:
                reserved = {c for q in (*self.plan.values(), self.draws) for c in q}
                card = next(
                    c
                    for c in golfo.shuffled_deck(self.state.hand_number)
                    if c in self.state.stock and c not in reserved
                )
            self.state = golfo.apply(self.state, golfo.Deal(card))

    # -- moves -------------------------------------------------------------

    def _passive(self) -> golfo.Action:
        seat = self.state.to_act
        assert isinstance(seat, int), f"no seat to act in {self.state!r}"
        if self.state.phase in _DISCARDING:
            return golfo.Discard(seat, ())
        if self.state.current_bet > self.state.bets[seat]:
            return golfo.Call(seat)
        return golfo.Pass(seat)

    def _apply(self, action: golfo.Action) -> None:
        self.state = golfo.apply(self.state, action)
        if not isinstance(action, golfo.NextHand):
            self._deal()

    def play(self, moves: str) -> Script:
        """Play ``moves`` (tokens as in the module doc), dealing whenever chance is to act.

        After ``N`` the new hand's cards are dealt by the next :meth:`play`, so that
        :meth:`cards` can plan them first.
        """
        for token in moves.split():
            self._deal()
            if token == "N":
                self._apply(golfo.NextHand())
                self.plan, self.draws = {}, []
                continue
            if token == "E":
                self._apply(golfo.EndGame())
                continue
            m = _TOKEN.match(token)
            assert m, f"bad token {token!r}"
            seat, op, arg = m["seat"], m["op"], m["arg"]
            if seat is not None:
                assert self.state.to_act == int(seat), f"{token}: seat {self.state.to_act} to act"
            if op == "~":
                phase, number = self.state.phase, self.state.hand_number
                while self.state.phase is phase and self.state.hand_number == number:
                    if not isinstance(self.state.to_act, int):
                        break
                    self._apply(self._passive())
                continue
            if op == "$":
                number = self.state.hand_number
                while isinstance(self.state.to_act, int) and self.state.hand_number == number:
                    self._apply(self._passive())
                continue
            if op == ".":
                self._apply(self._passive())
                continue
            to_act = self.state.to_act
            assert isinstance(to_act, int), f"{token}: nobody to act"
            action: golfo.Action
            if op == "p":
                action = golfo.Pass(to_act)
            elif op == "c":
                action = golfo.Call(to_act)
            elif op == "f":
                action = golfo.Fold(to_act)
            elif op == "b":
                action = golfo.Bet(to_act, int(arg))
            elif op == "r":
                action = golfo.Raise(to_act, int(arg))
            elif arg.startswith("#"):
                action = golfo.Discard(to_act, self.state.hands[to_act].cards[: int(arg[1:])])
            else:
                cards = golfo.parse_cards(arg[1:].replace("+", " ")) if arg else ()
                action = golfo.Discard(to_act, cards)
            self._apply(action)
        return self


# ---------------------------------------------------------------------------
# helpers for the checks


def last(state: State) -> golfo.HandResult:
    return state.results[-1]


def shown_value(result: golfo.HandResult, seat: int) -> int:
    hand = result.shown[seat]
    assert hand is not None
    return hand.value


WIN = "9O 8O 7O 3C 4C"  # 24 points in oros
LOSE_1 = "3O 4O 5C 6C 3E"  # 11 in copas
LOSE_2 = "5O 4E 5E 3B 4B"  # 9 in espadas


def winner_is(seat: int, order: tuple[int, ...]) -> dict[int, str]:
    """Five cards per seat in ``order`` such that ``seat`` holds the best hand (24 points)."""
    losers = iter((LOSE_1, LOSE_2, "6O 6E 7E 5B 6B"))
    return {s: WIN if s == seat else next(losers) for s in order}


# ---------------------------------------------------------------------------
# the vectors


Vector = tuple[str, str, Callable[[], State]]
VECTORS: list[Vector] = []


def vector(name: str, description: str) -> Callable[[Callable[[], State]], Callable[[], State]]:
    def register(build: Callable[[], State]) -> Callable[[], State]:
        VECTORS.append((name, description, build))
        return build

    return register


@vector(
    "01-one-hand-three-seats",
    "R1 R2 R3 R4 R5 R6 R10 R11 R13 R15 R18: three seats, antes, both deals, a pass then a call "
    "after the opening, raises, discards with replacements, a fold, a showdown, EndGame",
)
def one_hand() -> State:
    g = Script(golfo.TRADICIONAL, players=3, dealer=0)
    g.cards(
        {1: "9O 8O 3C 4C 5E", 2: "9C 8C 7C 3E 4E", 0: "9E 8E 3B 4B 5B"},
        draws="7O 6C 6E 6B 5C 4O 7E",
    )
    g.play("1p 2b2 0r4 1c 2c")  # R5: seat 1 passed, then calls after the opening
    g.play("1p 2p 0p")  # R6a: everyone passes
    g.play("1d:3C+4C+5E 2d:3E+4E 0d")  # R10: discards, each seat served before the next
    g.play("1b3 2r8 0f 1c")  # R13: seat 0's cards are dead
    g.play("1d:6C+6E 2d")
    g.play("1b5 2r10 1c")  # R11: showdown
    s = g.state
    r = last(s)
    assert r.showdown
    assert r.pots[0].winner == 2
    assert r.shown[0] is None
    assert shown_value(r, 2) == 29
    assert shown_value(r, 1) == 28
    assert r.payoffs == (-5, -23, 28)
    g.play("E")
    assert g.state.is_over
    return g.state


@vector(
    "02-four-seats-rotation",
    "R1 R14 R6 R12 R15: four seats, the dealer sits out each hand, the deal rotates "
    "over four hands, wins by folds and showdowns",
)
def four_seats() -> State:
    g = Script(golfo.TRADICIONAL, players=4, dealer=0)
    g.play("$ N")  # hand 1: dealer 0 sits out, nobody opens
    assert last(g.state).dealt_in == (1, 2, 3)
    g.play("2b2 3f 0f N")  # hand 2: dealer 1 sits out
    assert last(g.state).dealt_in == (2, 3, 0)
    assert not last(g.state).showdown
    g.play("3p 0b1 1c 3c ~ ~ 3b4 0c 1f $ N")  # hand 3: dealer 2
    g.play("0b3 1c 2r6 0c 1c $ E")  # hand 4: dealer 3
    s = g.state
    assert [r.dealer for r in s.results] == [0, 1, 2, 3]
    assert all(r.dealer not in r.dealt_in for r in s.results)
    return s


@vector(
    "03-deal-in-pairs",
    "R3: rules.deal_in_pairs, the first deal gives two cards at once to each seat; R5 R11",
)
def deal_in_pairs() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, deal_in_pairs=True, hands=1)
    g = Script(rules, players=3, dealer=2)
    g.cards({0: WIN, 1: LOSE_1, 2: LOSE_2})
    g.play("0b1 1c 2c")
    first = [c for c in g.state.history[:6] if isinstance(c, golfo.Deal)]
    assert [c.card for c in first[:2]] == list(golfo.parse_cards("9O 8O"))
    g.play("~ ~ 0b2 1c 2f $")
    assert g.state.is_over
    assert last(g.state).pots[0].winner == 0
    return g.state


@vector(
    "04-nobody-opens",
    "R12 R10: nobody ever opens; every phase is played, all stand pat, and the showdown takes "
    "the antes",
)
def nobody_opens() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=1)
    g.cards({2: LOSE_1, 0: WIN, 1: LOSE_2})
    g.play("$")
    s = g.state
    r = last(s)
    assert not any(isinstance(a, golfo.Bet) for a in s.history)
    assert r.showdown
    assert r.pots == (golfo.Pot(3, (2, 0, 1), 0),)
    return s


@vector(
    "05-win-by-folds",
    "R6c R13: all but one seat fold in the second round; the winner shows nothing",
)
def win_by_folds() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=0)
    g.play("1b2 2c 0c 1p 2b6 0f 1f")
    r = last(g.state)
    assert not r.showdown
    assert r.shown == (None, None, None)
    assert r.ended_in is Phase.BET_2
    assert r.pots[0].winner == 2
    assert r.returned == (0, 0, 6)
    return g.state


@vector(
    "06-side-pots",
    "R7 R8 R11: table stakes (a raise only up to what another seat can put in), an all-in call "
    "for less, a side pot that a folded seat paid into, the uncalled excess returned, later "
    "rounds skipped with one seat able to bet",
)
def side_pots() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=0, stacks=[100, 6, 20])
    g.cards({1: "9O 8O 7O 3C 4C", 2: "9C 8C 5E 3B 4B", 0: "9E 6E 5O 6C 5B"})
    g.play("1p 2b10")
    assert golfo.legal_moves(g.state).raises == range(11, 20)  # R8: seat 2 can put in 19
    g.play("0r19 1c 2f")  # seat 1 calls all-in for less; seat 2 folds
    g.play("$")  # R7: no betting round can be played; discards still are (R10)
    r = last(g.state)
    assert r.pots == (golfo.Pot(18, (1, 0), 1), golfo.Pot(10, (0,), 0))
    assert r.returned == (9, 0, 0)
    assert g.state.stacks == (99, 18, 9)
    return g.state


@vector(
    "07-stock-runs-short",
    "R10: the stock runs short during discards (5, 5, then only 3 cards), and is empty at the "
    "second discard; discards face down",
)
def stock_short() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1, discards_face_up=False)
    g = Script(rules, players=3, dealer=0)
    g.play("1p 2p 0p ~")
    g.play("1d#5 2d#5")
    assert len(g.state.stock) == 3
    assert (
        max(len(a.cards) for a in golfo.legal_actions(g.state) if isinstance(a, golfo.Discard)) == 3
    )
    g.play("0d#3")
    assert len(g.state.stock) == 0
    g.play("~")  # the third betting round
    assert golfo.legal_actions(g.state) == (golfo.Discard(1, ()),)
    g.play("$")
    return g.state


@vector(
    "08-tie-goes-nearest-mano",
    "R11: two seats tie on 24 points; the pot goes to the tied seat nearest mano",
)
def tie() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=0)
    g.cards({1: "5O 5C 5E 5B 6B", 2: "9O 8O 7O 3C 4C", 0: "9C 8C 7C 3E 4E"})
    g.play("1b1 2c 0c ~ ~ 1b2 2c 0c $")
    r = last(g.state)
    assert shown_value(r, 2) == shown_value(r, 0) == 24
    assert shown_value(r, 1) == 11
    assert r.pots[0].winner == 2
    return g.state


@vector(
    "09-trabuco",
    "R11: mano shows 30 points (9, 8, 7, 6 of bastos) and wins: a trabuco",
)
def trabuco() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=2)
    g.cards({0: "9B 8B 7B 3O 4O", 1: "9C 8C 7C 3C 3E", 2: "9E 8E 7E 4C 5C"}, draws="6B 5E")
    g.play("0b2 1r5 2c 0c ~ 0d:3O 1d 2d:4C ~ ~")  # mano draws the 6 of bastos
    g.play("0b10 1c 2c $")
    r = last(g.state)
    assert r.trabuco
    assert r.pots[0].winner == 0
    assert shown_value(r, 0) == 30
    assert shown_value(r, 1) == 27
    assert shown_value(r, 2) == 29
    return g.state


@vector(
    "10-lone-card",
    "R11 and the hand values: the winner's 9 points come from a lone card (the 9 of espadas), "
    "beating a lone 8",
)
def lone_card() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=0)
    g.cards({1: "6O 6C", 2: "3O 4O 3C 4C 9E", 0: "5O 5C 3E 4E 8B"})
    g.play("1p 2b1 0c 1f $")
    r = last(g.state)
    winner_hand = r.shown[2]
    assert winner_hand is not None
    assert r.pots[0].winner == 2
    assert golfo.score(winner_hand).cards == (Card.parse("9E"),)
    assert shown_value(r, 0) == 8
    return g.state


@vector(
    "11-rebuy",
    "R17 R18: a seat loses its whole stack and rebuys its own starting stack (3 chips) at the "
    "next hand (rebuy counted, net result counts it); R8 an all-in call for less; R14 R15",
)
def rebuy() -> State:
    g = Script(golfo.TRADICIONAL, players=3, dealer=0, stacks=[100, 3, 100])
    g.cards(winner_is(2, (1, 2, 0)))
    g.play("1b2 2c 0c $")
    assert g.state.stacks[1] == 0
    g.play("N")
    assert g.state.rebuys == (0, 1, 0)
    assert g.state.stacks[1] == 2  # its own starting stack of 3, less the ante
    g.cards(winner_is(1, (2, 0, 1)))
    g.play("2b4 0c 1c $ E")  # seat 1 calls all-in for less and wins the main pot
    s = g.state
    assert last(s).pots == (golfo.Pot(9, (2, 0, 1), 1), golfo.Pot(4, (2, 0), 2))
    table = golfo.standings(s)  # R18: 9 chips, but net of its rebuy (3 + 3 given) only +3
    assert table.winner == 2
    assert [(r.seat, r.net) for r in table.rows] == [(2, 5), (1, 3), (0, -8)]
    return s


@vector(
    "12-bust-without-rebuy",
    "R17 R1 R14: without rebuys a seat that cannot pay the ante is out; four seats become "
    "three and the dealer plays; a second bust ends the game",
)
def bust() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, rebuy=False)
    g = Script(rules, players=4, dealer=0, stacks=[100, 100, 5, 2])
    g.cards(winner_is(1, (1, 2, 3)))
    g.play("1b1 2f 3c $")  # seat 3 all-in and loses
    g.play("N")
    assert g.state.out == frozenset({3})
    assert g.state.dealt_in == (2, 0, 1)
    g.cards(winner_is(0, (2, 0, 1)))
    g.play("2b3 0c 1f $")  # seat 2 all-in and loses: fewer than three can pay the ante
    s = g.state
    assert s.is_over
    assert s.out == frozenset({3})
    assert golfo.standings(s).winner == 0
    return s


@vector(
    "13-extra-hands-on-tie",
    "R16 R18: a two-hand game tied after hand 2 (and after hand 3) plays extra hands until one "
    "seat leads alone; Ludoteka's ante",
)
def extra_hands() -> State:
    rules = attrs.evolve(golfo.LUDOTEKA, hands=2)
    g = Script(rules, players=3, dealer=0)
    for winner, order in ((1, (1, 2, 0)), (2, (2, 0, 1)), (0, (0, 1, 2)), (1, (1, 2, 0))):
        g.cards(winner_is(winner, order))
        g.play("$")
        if not g.state.is_over:
            g.play("N")
    s = g.state
    assert len(s.results) == 4
    assert s.is_over
    assert golfo.standings(s).winner == 1
    return s


@vector(
    "14-ludoteka-game",
    "R9 R14 R16 R18: a whole game with the LUDOTEKA preset (ante 5, caps 25/50/75/100, "
    "10 hands); bets up to each round's cap",
)
def ludoteka() -> State:
    g = Script(golfo.LUDOTEKA, players=3, dealer=0)
    patterns = ("b20 . . b25 . . $", "b5 f f", "$", "b3 r20 . . ~ ~ b50 f f", ". b10 . . $")
    k = 0
    while not g.state.is_over:
        g.play(patterns[k % len(patterns)])
        k += 1
        if not g.state.is_over:
            g.play("N")
    s = g.state
    capped = [r for r in s.results if max(-p for p in r.payoffs) >= 50]
    assert capped
    assert len(s.results) >= 10
    return s


@vector(
    "15-ludoteka-cap-limits-all-in",
    "R8 R9: Ludoteka caps bound every bet, all-in included (35 behind, only 25 may be bet in "
    "round 2); a later all-in below the cap makes a side pot",
)
def cap_limits() -> State:
    rules = attrs.evolve(golfo.LUDOTEKA, hands=1)
    g = Script(rules, players=3, dealer=0, stacks=[1000, 60, 1000])
    g.cards({1: WIN, 2: LOSE_1, 0: LOSE_2})
    g.play("1b20 2c 0c")  # everyone at the round-1 cap of 25
    assert g.state.committed == (25, 25, 25)
    bets = [a for a in golfo.legal_actions(g.state) if isinstance(a, golfo.Bet)]
    assert bets[-1].amount == 25  # the cap of 50, not the stack, bounds the bet
    g.play("1b25 2c 0c")
    assert g.state.stacks[1] == 10
    g.play("~ 1b10 2r25 0c $")  # seat 1 all-in for 10; the others go on to the cap of 75
    r = last(g.state)
    assert len(r.pots) == 2
    assert r.pots[0].winner == 1
    return g.state


@vector(
    "16-table-stakes",
    "R8 R17: table stakes: no bet above what the richest other seat still in can put in (80 "
    "of 999); all-in calls for less; an all-in below the minimum opening as the only bet; no "
    "raise when no other seat can put in more than the current bet; rebuys of each seat's "
    "own starting stack",
)
def table_stakes() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=2, min_open=10)
    g = Script(rules, players=3, dealer=0, stacks=[1001, 51, 81])
    g.cards(winner_is(0, (1, 2, 0)))
    g.play("1p 2p")
    assert golfo.legal_moves(g.state).bets == range(10, 81)  # seat 2 can put in 80
    g.play("0b80 1c 2c $")  # seat 1 calls all-in for less; seat 2 all-in at the limit
    r = last(g.state)
    assert r.pots == (golfo.Pot(153, (1, 2, 0), 0), golfo.Pot(60, (2, 0), 0))
    assert r.returned == (0, 0, 0)
    g.play("N")  # R17: seats 1 and 2 rebuy their own starting stacks (51 and 81)
    g.cards(winner_is(1, (2, 0, 1)))
    g.play("2b75 0c 1c")  # seat 2 keeps 5 behind; seat 1 calls all-in for less
    assert golfo.legal_moves(g.state).bets == range(5, 6)  # seat 2's all-in: the only bet
    g.play("2b5")
    moves = golfo.legal_moves(g.state)
    assert (moves.call, moves.raises) == (5, range(0))  # nobody could answer a raise
    g.play("0c $")
    return g.state


@vector(
    "17-tie-nearest-the-last-mano",
    "R16 R17 R18: with extra hands on a tie, a seat goes broke and no further hand can be "
    "dealt; the two seats tied for the lead are ordered from the last hand's mano and the "
    "first wins",
)
def tie_no_more_hands() -> State:
    g = Script(golfo.LUDOTEKA, players=3, dealer=2, stacks=[1000, 1000, 10])
    g.cards(winner_is(0, (0, 1, 2)))
    g.play("$ N")
    g.cards(winner_is(1, (1, 2, 0)))
    g.play("$")  # seat 2 posts its last 5 points and loses them: fewer than 3 can pay
    s = g.state
    assert s.is_over
    assert s.hand_number == 2
    table = golfo.standings(s)
    assert [(r.seat, r.net) for r in table.rows] == [(0, 5), (1, 5), (2, -10)]
    assert table.winner == 1  # seat 1 is mano of hand 2
    return s


@vector(
    "18-cap-below-the-minimum",
    "R9 R5: a cap whose room is below the minimum opening allows no bet at all (round 1: "
    "room 3, minimum 5), and below the minimum raise no raise (round 2: room 9, a raise "
    "would be 10): only call or fold",
)
def cap_below_minimum() -> State:
    rules = golfo.Rules(ante=1, min_open=5, min_raise=5, round_caps=(4, 10, 20, 40), hands=1)
    g = Script(rules, players=3, dealer=0)
    g.cards(winner_is(2, (1, 2, 0)))
    g._deal()
    moves = golfo.legal_moves(g.state)
    assert moves.can_pass, moves
    assert not moves.amounts, moves  # no bet under a room of 3
    g.play("1p 2p 0p")
    g._deal()
    assert golfo.legal_moves(g.state).amounts == range(5, 10)
    g.play("1b5")
    moves = golfo.legal_moves(g.state)
    assert moves.call == 5, moves
    assert not moves.amounts, moves  # a raise to 10 breaks the cap
    g.play("2c 0f $")
    r = last(g.state)
    assert r.pots[0].winner == 2
    assert r.payoffs == (-1, -6, 7)
    return g.state


@vector(
    "19-trabuco-with-no-pot",
    "R11 R2: with no ante and no bet there is no pot at all, and mano showing 30 points is "
    "still a trabuco",
)
def trabuco_no_pot() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, ante=0, hands=1)
    g = Script(rules, players=3, dealer=2)
    g.cards({0: "9B 8B 7B 6B 3O", 1: "9C 8C 7C 3C 3E", 2: "9E 8E 7E 4C 5C"})
    g.play("$")
    r = last(g.state)
    assert r.showdown
    assert r.pots == ()
    assert r.trabuco
    assert r.payoffs == (0, 0, 0)
    return g.state


@vector(
    "20-open-ended-tie-after-a-bust",
    "R16 R17 R18: an open-ended game with extra hands on a tie and no rebuys: a seat goes "
    "broke, no further hand can be dealt, and the two seats tied for the lead are ordered "
    "from the last hand's mano (seat 1), not by seat number",
)
def open_ended_tie() -> State:
    rules = golfo.Rules(ante=1, hands=None, extra_hands_on_tie=True, rebuy=False)
    g = Script(rules, players=3, dealer=2, stacks=[10, 10, 2])
    g.cards(winner_is(0, (0, 1, 2)))
    g.play("$ N")
    g.cards(winner_is(1, (1, 2, 0)))
    g.play("$")  # seat 2 posts its last chip and loses it: fewer than 3 can pay
    s = g.state
    assert s.is_over
    assert s.hand_number == 2
    table = golfo.standings(s)
    assert [(r.seat, r.net) for r in table.rows] == [(0, 1), (1, 1), (2, -2)]
    assert s.results[-1].mano == 1
    assert table.winner == 1
    return s


@vector(
    "21-lone-card-far-from-mano",
    "R11: a lone 9 (of espadas) beats two cards of bastos worth 8 held by mano: the lone card "
    "counts even where the tie-break would favour the loser",
)
def lone_card_far() -> State:
    rules = attrs.evolve(golfo.TRADICIONAL, hands=1)
    g = Script(rules, players=3, dealer=0)  # mano is seat 1, seat 0 speaks last
    g.cards({1: "3B 5B 5C 6E 7O", 2: "8O 9O 6C 7C 8C", 0: "9E 3O 4O 3C 4C"})
    g.play("1b1 2f 0c $")
    r = last(g.state)
    assert r.pots[0].winner == 0
    assert shown_value(r, 0) == 9
    assert shown_value(r, 1) == 8
    winner_hand = r.shown[0]
    assert winner_hand is not None
    assert golfo.score(winner_hand).cards == (Card.parse("9E"),)
    return g.state


@vector(
    "22-fixed-limit-raises",
    "R5 R9 in a variant: fixed limits (1, 1, 2, 2) and at most two raises a round; after the "
    "second raise the others may only call or fold",
)
def fixed_limit_raises() -> State:
    rules = golfo.Rules(bet_sizes=(1, 1, 2, 2), max_raises=2, table_sizes=(2, 3, 4), hands=1)
    g = Script(rules, players=3, dealer=0)
    g.cards(winner_is(0, (1, 2, 0)))
    g._deal()
    assert golfo.legal_moves(g.state).amounts == range(1, 2)
    g.play("1b1 2r2 0r3")
    moves = golfo.legal_moves(g.state)
    assert moves.call == 2, moves
    assert not moves.amounts, moves  # two raises: no third
    g.play("1c 2c")
    g._deal()
    assert golfo.legal_moves(g.state).amounts == range(1, 2)  # round 2's size, from 0
    g.play("$")
    r = last(g.state)
    assert r.pots[0].winner == 0
    assert r.payoffs == (8, -4, -4)
    return g.state


@vector(
    "23-ludoteka-four-seats",
    "R1 R8 R9: Ludoteka's rules at a table of four (the dealer sits out); under the caps a bet "
    "is still bounded by the richest other seat's chips (35), not by the cap's room (45); two "
    "all-in calls make a side pot",
)
def ludoteka_four_seats() -> State:
    rules = attrs.evolve(golfo.LUDOTEKA, hands=1)
    g = Script(rules, players=4, dealer=0, stacks=[1000, 1000, 30, 40])
    g.cards({1: "6O 7E 3B 4B 6B", 2: WIN, 3: "9C 8C 5E 6E 5B"})
    g.play("1p 2p 3p")  # round 1: the antes (5) only
    g._deal()
    assert golfo.legal_moves(g.state).bets == range(1, 36)  # seat 3 has 35; the room is 45
    g.play("1b35 2c 3c $")  # seat 2 all-in for 25, seat 3 for 35; no more betting
    r = last(g.state)
    assert r.dealt_in == (1, 2, 3)
    assert r.pots == (golfo.Pot(90, (1, 2, 3), 2), golfo.Pot(20, (1, 3), 3))
    return g.state


@vector(
    "24-next-dealer-out",
    "R14 R17 R1: four seats without rebuys; the seat that would deal the next hand cannot pay "
    "the ante, so it is out: the deal skips it, and three seats play on with the dealer in",
)
def next_dealer_out() -> State:
    rules = golfo.Rules(rebuy=False, hands=2)
    g = Script(rules, players=4, dealer=0, stacks=[100, 2, 100, 100])
    g.cards(winner_is(2, (1, 2, 3)))
    g.play("1b1 2c 3c $")  # seat 1 all-in for its last chip, and loses it
    assert g.state.stacks[1] == 0
    g.play("N")
    assert g.state.out == frozenset({1})
    assert (g.state.dealer, g.state.dealt_in) == (2, (3, 0, 2))
    g.play("$")
    s = g.state
    assert s.is_over
    assert [r.dealer for r in s.results] == [0, 2]
    return s


@vector(
    "25-rebuy-onto-a-short-stack",
    "R17 R16 R18: ante 5, open-ended, extra hands on a tie, rebuys: a seat left with 3 chips "
    "rebuys its own starting stack (20) onto them; EndGame with the lead shared: no winner "
    "(with rebuys no tie-break applies)",
)
def rebuy_short_stack() -> State:
    rules = golfo.Rules(ante=5, extra_hands_on_tie=True)
    g = Script(rules, players=3, dealer=0, stacks=[100, 100, 20])
    g.cards(winner_is(0, (1, 2, 0)))
    g.play("1p 2b12 0c 1f $")  # seat 2 keeps 3, below the ante
    assert g.state.stacks == (122, 95, 3)
    g.play("N")
    assert g.state.rebuys == (0, 0, 1)
    assert g.state.stacks[2] == 3 + 20 - 5  # its own 20 added to the 3 it had, less the ante
    g.cards(winner_is(1, (2, 0, 1)))
    g.play("2b12 0f 1c $ E")
    s = g.state
    table = golfo.standings(s)
    assert [(r.seat, r.net) for r in table.rows] == [(0, 17), (1, 17), (2, -34)]
    assert table.winner is None
    return s


@vector(
    "26-no-chips-and-no-ante",
    "R17 R2 R8: with no ante a seat with no chips can still pay it: it neither rebuys nor "
    "leaves, is dealt in all-in, and shows the best hand for a pot it did not reach",
)
def no_chips_no_ante() -> State:
    rules = golfo.Rules(ante=0, hands=2)
    g = Script(rules, players=3, dealer=0, stacks=[100, 100, 5])
    g.cards(winner_is(1, (1, 2, 0)))
    g.play("1b5 2c 0f $")  # seat 2 calls all-in with its 5 and loses them
    g.play("N")
    assert g.state.stacks[2] == 0
    assert g.state.rebuys == (0, 0, 0)
    assert g.state.dealt_in == (2, 0, 1)
    g.cards(winner_is(2, (2, 0, 1)))
    g.play("0b1 1c $")  # seat 2 never speaks
    r = last(g.state)
    assert r.pots == (golfo.Pot(2, (0, 1), 0),)
    assert shown_value(r, 2) == 24
    return g.state


@vector(
    "27-mini-for-two",
    "R1 R3 R10 R11 in a variant: MINI for two seats, a deck of four cards, one card each; the "
    "dealer plays and is dealt last, the other seat is mano; no second deal, no rounds 2 and "
    "4; the dealer draws a nine to tie mano's, and mano wins the tie with the variant's best "
    "value: a trabuco",
)
def mini_for_two() -> State:
    g = Script(golfo.MINI, players=2, dealer=0)
    g.cards({1: "9O", 0: "8C"}, draws="9C")
    g.play("1b1 0c 1d 0d:8C")
    g.play("1b2 0c")
    s = g.state
    r = last(s)
    assert s.is_over
    assert r.dealt_in == (1, 0)
    assert shown_value(r, 0) == shown_value(r, 1) == 9
    assert r.pots[0].winner == 1
    assert r.trabuco
    seen = {state.phase for state in golfo.replay(golfo.to_json(s))}
    assert seen == {Phase.DEAL_1, Phase.BET_1, Phase.DISCARD_1, Phase.BET_3, Phase.END}
    return s


# ---------------------------------------------------------------------------


def _refused(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Actions that must be refused in ``state``, each with the rule golfo gives."""
    out = []
    for action in illegal_actions(state, rng):
        try:
            golfo.apply(state, action)
        except golfo.IllegalActionError as error:
            out.append({"action": golfo.wire.to_data(action), "rule": error.rule})
    return out


def steps_of(final: State, seed: int) -> list[dict[str, Any]]:
    """Vectors v3: per step of ``final``'s game (before its action, and once more after the
    last), the protocol's observation (:func:`golfo.conformance.protocol.observation`, legal
    moves included), actions that must be refused with their rules and, at the end of every
    hand and of the game, every seat's and a spectator's view (golfo-wire)."""
    rng = random.Random(seed)
    state = golfo.new_game(
        final.rules,
        players=final.players,
        dealer=final.first_dealer,
        stacks=final.initial_stacks,
    )
    out = []
    for action in [*final.history, None]:
        step: dict[str, Any] = {"observation": observation(state)}
        refused = _refused(state, rng)
        if refused:
            step["refused"] = refused
        if state.phase in (Phase.BETWEEN_HANDS, Phase.END):
            step["views"] = {
                "spectator" if s is None else str(s): golfo.wire.to_data(golfo.view(state, s))
                for s in (*range(state.players), None)
            }
        out.append(step)
        if action is not None:
            state = golfo.apply(state, action)
    return out


def with_steps(text: str, steps: list[dict[str, Any]]) -> str:
    """A record's text with its ``steps`` (one a line) added last."""
    body = ",\n".join(f"    {json.dumps(step, ensure_ascii=False)}" for step in steps)
    return text[: -len("\n}\n")] + f',\n  "steps": [\n{body}\n  ]\n}}\n'


def build() -> dict[str, str]:
    """Every vector's file name and text (vectors v2: with their steps)."""
    out: dict[str, str] = {}
    for i, (name, description, make) in enumerate(VECTORS):
        state = make()
        text = golfo.to_json(state, description=description, expected=True)
        assert golfo.from_json(text) == state
        out[f"{name}.json"] = with_steps(text, steps_of(state, seed=i))
    return out


# ---------------------------------------------------------------------------
# the written decisions (docs/rules.md, "**Decisions.**"): which vectors exercise each


@attrs.frozen
class Played:
    """A vector's game as a detector reads it: its data (the record with its ``steps``:
    observations, refusals, views) and golfo's state at each step (``states[i]`` is the state
    of ``steps[i]``, before ``actions[i]``)."""

    data: dict[str, Any]
    states: tuple[State, ...]

    @classmethod
    def of(cls, text: str) -> Played:
        """A vector's game from its file's text."""
        return cls(json.loads(text), tuple(golfo.replay(text)))

    @property
    def rules(self) -> golfo.Rules:
        return self.states[0].rules

    @property
    def final(self) -> State:
        return self.states[-1]

    def moments(self) -> Iterator[tuple[dict[str, Any], dict[str, Any], State]]:
        """Each step, its observation and golfo's state there."""
        for step, state in zip(self.data["steps"], self.states, strict=True):
            yield step, step["observation"], state

    def applied(self) -> Iterator[tuple[State, golfo.Action, State]]:
        """Each action with golfo's state before and after it."""
        history = self.final.history
        for i, action in enumerate(history):
            yield self.states[i], action, self.states[i + 1]

    def refusals(self) -> Iterator[tuple[dict[str, Any], State, golfo.Action]]:
        """Each action a step asks an engine to refuse, with the step's observation and
        golfo's state there."""
        for step, seen, state in self.moments():
            for refusal in step.get("refused", []):
                yield seen, state, golfo.wire.action_from_data(refusal["action"])


Detector = Callable[[Played], bool]
DETECTORS: dict[str, Detector] = {}
"""Per written decision that the protocol can check, whether a vector's game exercises it
(its id in docs/rules.md: ``R8.d4``, ``V.d2``)."""

NOT_CHECKABLE: Final[dict[str, str]] = {
    "S.d1": "a preset's value: the protocol sends every setting of the rules, never a preset",
    "S.d2": "a preset's value: the protocol sends every setting of the rules, never a preset",
    "S.d3": "a preset's value: the protocol sends every setting of the rules, never a preset",
    "S.d4": "how golfo.Rules derives a default: the protocol's rules carry starting_stack, "
    "and new_game the stacks",
    "S.d5": "the equality of two golfo.Rules values, a Python matter",
    "R1.d5": "refusing a table, not playing one: every vector is a game at a table golfo "
    "accepts (the protocol answers new_game at another with a format error)",
    "R3.d1": "a default of golfo.Rules: the protocol's rules carry deal_in_pairs",
    "R3.d4": "nothing is modelled: chance deals any card of the stock (R4)",
    "R5.d5": "the wire's form admits whole numbers only: a bool, float, string or negative "
    "amount is a format error before any rule; True == 1 is Python's",
    "R5.d6": "the Python API's description of legal moves; the protocol has its own (moves)",
    "R9.d5": "which rule a refusal names: the protocol does not compare it",
    "R10.d4": "a default of golfo.Rules: the protocol's rules carry discards_face_up",
    "R15.d3": "the caller's choice (not sending end_game), not the engine's",
    "R16.d3": "how golfo.Rules derives a default: the protocol's rules carry starting_stack, "
    "and new_game the stacks",
    "R16.d5": "examples of rule sets made with attrs.evolve: the protocol sends every setting",
    "V.d3": "a bound on the rules' values (deal_sizes), refused when golfo.Rules is made: the "
    "protocol sends valid rules",
    "V.d6": "a preset's value: the protocol sends every setting of the rules, never a preset",
    "V.d7": "a preset's value: the protocol sends every setting of the rules, never a preset",
}
"""The written decisions no engine can be checked on through the protocol, each with why."""


def decision(name: str) -> Callable[[Detector], Detector]:
    def register(detect: Detector) -> Detector:
        assert name not in DETECTORS, name
        assert name not in NOT_CHECKABLE, name
        DETECTORS[name] = detect
        return detect

    return register


def decisions_of(game: Played) -> list[str]:
    """The written decisions a vector's game exercises, in the order of the rules."""
    return [name for name in DETECTORS if DETECTORS[name](game)]


_BETTING: Final = (Phase.BET_1, Phase.BET_2, Phase.BET_3, Phase.BET_4)
_RESTING: Final = (Phase.BETWEEN_HANDS, Phase.END)


def _round(state: State) -> int:
    """The betting round in play (1..4), 0 outside one."""
    return _BETTING.index(state.phase) + 1 if state.phase in _BETTING else 0


def _reach(state: State, seat: int) -> int:
    """The most ``seat`` can have in this round: its bet plus its stack."""
    return state.bets[seat] + state.stacks[seat]


def _opponents(state: State, seat: int) -> list[int]:
    return [s for s in state.dealt_in if s != seat and s not in state.folded]


def _room(state: State, seat: int) -> int | None:
    """The most ``seat`` may have in this round under the round's cap (``None``: no cap)."""
    caps, k = state.rules.round_caps, _round(state)
    if caps is None or not k:
        return None
    return caps[k - 1] - (state.committed[seat] - state.bets[seat])


def _top(moves: dict[str, Any]) -> int | None:
    """The largest bet or raise offered, if any."""
    offered = moves["bet"] or moves["raise"]
    return None if offered is None else int(offered[1])


def _nets(state: State) -> list[int]:
    return [row.net for row in sorted(golfo.standings(state).rows, key=lambda r: r.seat)]


def _leaders(values: Sequence[int]) -> set[int]:
    return {s for s, v in enumerate(values) if v == max(values)}


def _hand_starts(game: Played) -> Iterator[State]:
    """golfo's state at the start of each hand: antes posted, nothing dealt."""
    for state in game.states:
        if state.phase is Phase.DEAL_1 and not any(state.hand_masks):
            yield state


# -- settings and R1 ---------------------------------------------------------------


@decision("R1.d1")
def _mano_after_the_dealer(game: Played) -> bool:
    """Mano is the seat after the dealer in play order, with three seats dealt in (where
    the seat after and the seat before differ)."""
    return any(len(r.dealt_in) >= 3 for r in game.final.results)


@decision("R1.d2")
def _a_first_dealer_drawn(game: Played) -> bool:
    return game.final.first_dealer != 0 and bool(game.final.results)


@decision("R1.d3")
def _ludoteka_with_four(game: Played) -> bool:
    return golfo.rules.preset_name(game.rules) == "ludoteka" and game.final.players == 4


@decision("R1.d4")
def _four_seats_play_as_three(game: Played) -> bool:
    return game.final.players == 4 and any(
        len(r.dealt_in) == 3 and r.dealer in r.dealt_in for r in game.final.results
    )


# -- R2 ---------------------------------------------------------------------------


@decision("R2.d1")
def _the_dealer_out_pays_no_ante(game: Played) -> bool:
    return game.rules.ante > 0 and any(r.dealer not in r.dealt_in for r in game.final.results)


@decision("R2.d2")
def _antes_are_no_round_bets(game: Played) -> bool:
    """With antes posted, round 1 starts with every bet at 0 and an opening to make."""
    return game.rules.ante > 0 and any(
        seen["phase"] == "bet_1" and not any(seen["bets"]) and seen["moves"]["bet"] is not None
        for _, seen, _ in game.moments()
    )


@decision("R2.d3")
def _all_in_from_the_ante(game: Played) -> bool:
    ante = game.rules.ante
    return ante > 0 and any(
        state.stacks[s] == 0 and state.committed[s] == ante
        for state in _hand_starts(game)
        for s in state.dealt_in
    )


@decision("R2.d4")
def _no_pot_at_all(game: Played) -> bool:
    return any(not r.pots for r in game.final.results)


# -- R3, R4 -----------------------------------------------------------------------


@decision("R3.d2")
def _second_deal_one_at_a_time(game: Played) -> bool:
    """Deals in pairs, and a second deal made."""
    return game.rules.deal_in_pairs and any(
        state.phase is Phase.DEAL_2 and state.to_act is golfo.CHANCE for state in game.states
    )


@decision("R3.d3")
def _no_second_deal_for_the_folded(game: Played) -> bool:
    return any(seen["phase"] == "deal_2" and seen["folded"] for _, seen, _ in game.moments())


@decision("R4.d1")
def _refusals_while_dealing(game: Played) -> bool:
    """A deal when none is due, a deal of a card not in the stock, a seat's discard while
    replacements are due, and a betting action during a deal: each refused."""
    kinds = set()
    for _, state, action in game.refusals():
        dealing = state.to_act is golfo.CHANCE
        if isinstance(action, golfo.Deal):
            kinds.add("deal-not-in-stock" if dealing else "deal-not-due")
        elif dealing and isinstance(action, golfo.Discard) and state.phase in _DISCARDING:
            kinds.add("discard-while-dealing")
        elif dealing and state.phase in (Phase.DEAL_1, Phase.DEAL_2):
            kinds.add("bet-while-dealing")
    wanted = {"deal-not-due", "deal-not-in-stock", "discard-while-dealing", "bet-while-dealing"}
    return wanted <= kinds


@decision("R4.d2")
def _deals_hidden_in_views(game: Played) -> bool:
    """A view shows that another seat was dealt a card, not which."""
    for step, _, _ in game.moments():
        for who, view in step.get("views", {}).items():
            if any(
                e["type"] == "dealt" and str(e["seat"]) != who and e["card"] is None
                for e in view["history"]
            ):
                return True
    return False


# -- R5 ---------------------------------------------------------------------------


@decision("R5.d1")
def _no_pass_after_an_opening(game: Played) -> bool:
    """A pass refused to the seat facing a bet, and a fold played."""
    refused = any(
        isinstance(action, golfo.Pass) and action.seat == state.to_act and state.current_bet > 0
        for _, state, action in game.refusals()
    )
    return refused and any(isinstance(a, golfo.Fold) for a in game.final.history)


@decision("R5.d2")
def _a_raise_smaller_than_the_last(game: Played) -> bool:
    """After a raise by more than the minimum, the next raise may be the minimum."""
    raised_by = 0
    for before, action, after in game.applied():
        if isinstance(action, golfo.Raise):
            raised_by = action.amount - before.current_bet
        moves = golfo.legal_moves(after)
        if _round(after) != _round(before) or after.hand_number != before.hand_number:
            raised_by = 0
        minimum = after.current_bet + after.rules.min_raise
        if raised_by > after.rules.min_raise and moves.raises and moves.raises[0] == minimum:
            return True
    return False


@decision("R5.d3")
def _wrong_kinds_refused(game: Played) -> bool:
    """A fold and a call before the opening, a raise before it and a bet after it, each
    refused to the seat to act."""
    kinds = set()
    for _, state, action in game.refusals():
        if not _round(state) or getattr(action, "seat", None) != state.to_act:
            continue
        opened = state.current_bet > 0
        kinds.add((type(action).__name__, opened))
    wanted = {("Fold", False), ("Call", False), ("Raise", False), ("Bet", True)}
    return wanted <= kinds


@decision("R5.d4")
def _out_of_turn_and_folded_refused(game: Played) -> bool:
    out_of_turn = folded = False
    for _, state, action in game.refusals():
        seat = getattr(action, "seat", None)
        if not isinstance(seat, int) or not isinstance(state.to_act, int) or not _round(state):
            continue
        if seat in state.folded:
            folded = True
        elif seat != state.to_act and seat in state.dealt_in:
            out_of_turn = True
    return out_of_turn and folded


# -- R6, R7 -----------------------------------------------------------------------


@decision("R6.d1")
def _two_of_three_play_on(game: Played) -> bool:
    return any(
        len(state.dealt_in) == 3 and len(state.folded) == 1 and isinstance(state.to_act, int)
        for state in game.states
    )


@decision("R6.d2")
def _excess_back_to_the_last_seat_in(game: Played) -> bool:
    return any(not r.showdown and any(r.returned) for r in game.final.results)


@decision("R7.d1")
def _mano_speaks_first_every_round(game: Played) -> bool:
    """A round after the first opened by mano's side while another seat made the previous
    round's last bet or raise."""
    aggressor: int | None = None
    for before, action, after in game.applied():
        if after.hand_number != before.hand_number:
            aggressor = None
        if isinstance(action, golfo.Bet | golfo.Raise):
            aggressor = action.seat
        starts = _round(after) >= 2 and _round(before) != _round(after)
        if starts and isinstance(after.to_act, int) and aggressor not in (None, after.to_act):
            return True
    return False


@decision("R7.d2")
def _rounds_skipped_and_all_ins_played_out(game: Played) -> bool:
    """A betting round skipped (fewer than two able to bet), and a round that goes on after
    a seat in it went all-in."""
    skipped = played_on = False
    for before, action, after in game.applied():
        if (
            isinstance(action, golfo.Bet | golfo.Raise | golfo.Call)
            and after.stacks[action.seat] == 0
            and _round(after) == _round(before) != 0
            and isinstance(after.to_act, int)
        ):
            played_on = True
    for result, hand in zip(game.final.results, _by_hand(game), strict=False):
        phases = {s.phase for s in hand}
        rounds = [p for p in game.rules.phases if p in _BETTING]
        if any(p not in phases for p in rounds) and result.showdown:
            skipped = True
    return skipped and played_on


def _by_hand(game: Played) -> list[list[State]]:
    """golfo's states of each hand (its start to its end)."""
    hands: list[list[State]] = []
    for state in game.states:
        if state.phase in _RESTING:
            continue
        if not hands or state.hand_number != hands[-1][0].hand_number:
            hands.append([])
        hands[-1].append(state)
    return hands


# -- R8 ---------------------------------------------------------------------------


@decision("R8.d1")
def _limit_is_the_richest_opponent(game: Played) -> bool:
    for _, seen, state in game.moments():
        top, seat = _top(seen["moves"]), state.to_act
        if top is None or not isinstance(seat, int):
            continue
        reaches = sorted(_reach(state, s) for s in _opponents(state, seat))
        if len(reaches) >= 2 and reaches[0] < top == reaches[-1] < _reach(state, seat):
            return True
    return False


@decision("R8.d2")
def _reach_by_chips_under_caps(game: Played) -> bool:
    """Under caps, the largest amount is an opponent's chips, below the cap's room."""
    for _, seen, state in game.moments():
        top, seat = _top(seen["moves"]), state.to_act
        if top is None or not isinstance(seat, int):
            continue
        room = _room(state, seat)
        reach = max(_reach(state, s) for s in _opponents(state, seat))
        if room is not None and top == reach < min(room, _reach(state, seat)):
            return True
    return False


@decision("R8.d3")
def _table_stakes_refusals(game: Played) -> bool:
    """An amount above what any other seat can put in refused; no raise offered to a seat
    facing a bet that nobody could answer; a smaller amount offered as the only one."""
    above_reach = unanswerable = only = False
    for _, state, action in game.refusals():
        seat = state.to_act
        if isinstance(seat, int) and isinstance(action, golfo.Bet | golfo.Raise):
            reach = max(_reach(state, s) for s in _opponents(state, seat))
            above_reach = above_reach or reach < action.amount <= _reach(state, seat)
    for _, seen, state in game.moments():
        seat, moves, rules = state.to_act, seen["moves"], state.rules
        if isinstance(seat, int) and moves["call"] is not None and moves["raise"] is None:
            reach = max(_reach(state, s) for s in _opponents(state, seat))
            unanswerable = unanswerable or reach <= state.current_bet < _reach(state, seat)
        for kind, minimum in (
            ("bet", rules.min_open),
            ("raise", state.current_bet + rules.min_raise),
        ):
            offered = moves[kind]
            only = only or (offered is not None and offered[0] == offered[1] < minimum)
    return above_reach and unanswerable and only


@decision("R8.d4")
def _side_pots_with_folded_chips(game: Played) -> bool:
    for r in game.final.results:
        eligible = {s for pot in r.pots for s in pot.eligible}
        folded_in = [s for s in r.dealt_in if s not in eligible and r.payoffs[s] < -game.rules.ante]
        if len(r.pots) >= 2 and folded_in:
            return True
    return False


@decision("R8.d5")
def _pot_counts_the_excess(game: Played) -> bool:
    for result in game.data["results"]:
        returned = sum(result["returned"])
        total = sum(p["amount"] for p in result["pots"]) + returned
        if returned and any(
            seen["hand_number"] == result["hand_number"]
            and seen["phase"] not in ("between_hands", "end")
            and seen["pot"] == total
            for _, seen, _ in game.moments()
        ):
            return True
    return False


@decision("R8.d6")
def _all_in_at_zero_not_out(game: Played) -> bool:
    return any(
        state.phase not in _RESTING
        and any(state.stacks[s] == 0 and seen["hands"][s] for s in state.dealt_in)
        for _, seen, state in game.moments()
    )


# -- R9 ---------------------------------------------------------------------------


@decision("R9.d1")
def _caps_bind_all_ins(game: Played) -> bool:
    """The largest amount is the cap's room, below the seat's own chips; and a room below
    the minimum leaves no bet or raise at all."""
    bound = none_below = False
    for _, seen, state in game.moments():
        seat, top = state.to_act, _top(seen["moves"])
        room = None if not isinstance(seat, int) else _room(state, seat)
        if room is None or not isinstance(seat, int):
            continue
        if top == room < _reach(state, seat):
            bound = True
        rules = state.rules
        low = state.current_bet + rules.min_raise if state.current_bet else rules.min_open
        if top is None and state.current_bet < room < min(low, _reach(state, seat)):
            none_below = True
    return bound and none_below


@decision("R9.d2")
def _a_bet_at_the_cap(game: Played) -> bool:
    """A bet or raise to the cap, after which the next seat may only call or fold."""
    for before, action, after in game.applied():
        if not isinstance(action, golfo.Bet | golfo.Raise):
            continue
        room = _room(before, action.seat)
        moves = golfo.legal_moves(after)
        capped = room is not None and action.amount == room
        if (
            capped
            and moves.call is not None
            and not moves.raises
            and _round(after) == _round(before)
        ):
            return True
    return False


@decision("R9.d3")
def _room_carries_over(game: Played) -> bool:
    for _, seen, state in game.moments():
        caps, k, top = state.rules.round_caps, _round(state), _top(seen["moves"])
        if caps is not None and k >= 2 and top is not None and top > caps[k - 1] - caps[k - 2]:
            return True
    return False


@decision("R9.d4")
def _a_call_up_to_the_cap(game: Played) -> bool:
    for before, action, _ in game.applied():
        room = None if not isinstance(action, golfo.Call) else _room(before, action.seat)
        if room is not None and before.current_bet == room:
            return True
    return False


# -- R10 --------------------------------------------------------------------------


@decision("R10.d1")
def _the_stock_runs_short(game: Played) -> bool:
    """A seat may discard only what the stock holds, fewer than it holds, and is refused
    more."""
    short = refused = False
    for _, state, action in game.refusals():
        if isinstance(action, golfo.Discard) and len(action.cards) > len(state.stock):
            refused = refused or action.seat == state.to_act
    for _, seen, state in game.moments():
        seat = state.to_act
        if state.phase in _DISCARDING and isinstance(seat, int):
            limit = seen["moves"]["discard_max"]
            short = short or limit == seen["stock"] < len(state.hands[seat])
    return short and refused


@decision("R10.d2")
def _replacements_before_the_next_seat(game: Played) -> bool:
    return any(
        isinstance(action, golfo.Discard) and action.cards and after.receiver == action.seat
        for _, action, after in game.applied()
    )


@decision("R10.d3")
def _discarding_cards_not_held(game: Played) -> bool:
    return any(
        isinstance(action, golfo.Discard)
        and action.seat == state.to_act
        and not set(action.cards) <= set(state.hands[action.seat].cards)
        for _, state, action in game.refusals()
    )


@decision("R10.d5")
def _the_folded_do_not_discard(game: Played) -> bool:
    return any(
        state.phase in _DISCARDING and isinstance(state.to_act, int) and state.folded
        for state in game.states
    )


# -- R11, R13 ---------------------------------------------------------------------


@decision("R11.d1")
def _a_lone_card_counts(game: Played) -> bool:
    for r in game.final.results:
        hand = r.shown[r.pots[0].winner] if r.showdown and r.pots else None
        if hand is not None and len(golfo.score(hand).cards) == 1:
            return True
    return False


@decision("R11.d2")
def _a_tie_mano_is_not_in(game: Played) -> bool:
    for r in game.final.results:
        for pot in r.pots if r.showdown else ():
            values = {s: h.value for s in pot.eligible if (h := r.shown[s]) is not None}
            tied = [s for s in r.dealt_in if values.get(s) == max(values.values())]
            if len(tied) >= 2 and tied[0] != r.dealt_in[0] and pot.winner == tied[0]:
                return True
    return False


@decision("R11.d3")
def _the_best_value_shown(game: Played) -> bool:
    best = game.rules.best_value
    return any(
        r.showdown and any(h is not None and h.value == best for h in r.shown)
        for r in game.final.results
    )


@decision("R11.d4")
def _hands_readable_between_hands(game: Played) -> bool:
    return any(
        seen["phase"] == "between_hands" and any(seen["hands"]) for _, seen, _ in game.moments()
    )


@decision("R13.d1")
def _folded_cards_hidden_in_views(game: Played) -> bool:
    return any(step.get("views") and seen["folded"] for step, seen, _ in game.moments())


# -- R14, R15, R16 ----------------------------------------------------------------


@decision("R14.d1")
def _the_deal_passes_to_the_next_seat(game: Played) -> bool:
    results = game.final.results
    n = game.final.players
    return any(b.dealer == (a.dealer + 1) % n for a, b in itertools.pairwise(results))


@decision("R14.d2")
def _a_seat_out_skipped_as_dealer(game: Played) -> bool:
    results, n = game.final.results, game.final.players
    return any(
        b.dealer != (a.dealer + 1) % n and (a.dealer + 1) % n in game.final.out
        for a, b in itertools.pairwise(results)
    )


@decision("R15.d1")
def _table_actions_offered_to_nobody(game: Played) -> bool:
    """Between hands, the table may start the next hand while no seat's view offers it."""
    return any(
        seen["phase"] == "between_hands"
        and seen["moves"]["next_hand"]
        and step.get("views")
        and all(view["moves"] is None for view in step["views"].values())
        for step, seen, _ in game.moments()
    )


@decision("R15.d2")
def _end_game_only_between_hands(game: Played) -> bool:
    """An open-ended game: an end_game refused during a hand, and one played between
    hands."""
    refused = any(
        isinstance(action, golfo.EndGame) and state.phase not in _RESTING
        for _, state, action in game.refusals()
    )
    ended = any(isinstance(a, golfo.EndGame) for a in game.final.history)
    return game.rules.hands is None and refused and ended


@decision("R16.d1")
def _extra_hands_are_hands(game: Played) -> bool:
    hands = game.rules.hands
    return hands is not None and game.final.hand_number > hands


@decision("R16.d2")
def _the_lead_by_net(game: Played) -> bool:
    """After the agreed hands, the seats leading by net are not those leading by chips."""
    hands = game.rules.hands
    if hands is None or not game.rules.extra_hands_on_tie:
        return False
    return any(
        state.phase in _RESTING
        and state.hand_number >= hands
        and _leaders(_nets(state)) != _leaders(state.stacks)
        for state in game.states
    )


@decision("R16.d4")
def _a_tie_with_no_winner_despite_extra_hands(game: Played) -> bool:
    final = game.final
    return (
        final.rules.extra_hands_on_tie
        and final.is_over
        and len(_leaders(_nets(final))) >= 2
        and golfo.standings(final).winner is None
    )


# -- R17, R18 ---------------------------------------------------------------------


def _between(game: Played) -> Iterator[tuple[State, State]]:
    """(golfo's state between two hands, at the start of the next hand)."""
    for before, action, after in game.applied():
        if isinstance(action, golfo.NextHand):
            yield before, after


@decision("R17.d1")
def _broke_between_hands(game: Played) -> bool:
    return any(
        any(x < before.rules.ante and s not in before.out for s, x in enumerate(before.stacks))
        for before, _ in _between(game)
    )


@decision("R17.d2")
def _the_next_dealer_must_hold_the_ante(game: Played) -> bool:
    """Four seats in the game, and the seat that would sit out as the next dealer cannot pay
    the ante."""
    return any(
        before.players == 4
        and not before.out
        and before.stacks[(before.dealer + 1) % 4] < before.rules.ante
        for before, _ in _between(game)
    )


@decision("R17.d3")
def _a_rebuy_onto_a_short_stack(game: Played) -> bool:
    ante = game.rules.ante
    return any(
        0 < before.stacks[s] < ante and after.rebuys[s] > before.rebuys[s]
        for before, after in _between(game)
        for s in range(before.players)
    )


@decision("R17.d4")
def _no_chips_and_no_ante(game: Played) -> bool:
    return game.rules.ante == 0 and any(
        state.stacks[s] == 0 for state in _hand_starts(game) for s in state.dealt_in
    )


@decision("R18.d1")
def _the_net_of_unequal_stacks(game: Played) -> bool:
    """Unequal starting stacks, and the winner is not the seat with the most chips."""
    final = game.final
    winner = golfo.standings(final).winner
    unequal = len(set(final.initial_stacks)) > 1
    return unequal and winner is not None and {winner} != _leaders(final.stacks)


@decision("R18.d2")
def _a_shared_lead_at_the_end(game: Played) -> bool:
    return game.final.is_over and len(_leaders(_nets(game.final))) >= 2


# -- variants ---------------------------------------------------------------------


@decision("V.d1")
def _a_smaller_deck(game: Played) -> bool:
    return len(game.rules.deck) < len(golfo.DECK) and bool(game.final.results)


@decision("V.d2")
def _phases_left_out(game: Played) -> bool:
    return len(game.rules.phases) < len(golfo.TRADICIONAL.phases) and bool(game.final.results)


@decision("V.d4")
def _fixed_limits_and_most_raises(game: Played) -> bool:
    """Fixed limits, and the round's most raises made after an opening: no raise more."""
    rules = game.rules
    if rules.bet_sizes is None or not rules.max_raises:
        return False
    for _, seen, state in game.moments():
        raises = 0
        for entry in reversed(state.history):  # back to the round's opening
            if isinstance(entry, golfo.Raise):
                raises += 1
            elif not isinstance(entry, golfo.Call | golfo.Fold):
                break
        moves = seen["moves"]
        if raises == rules.max_raises and moves["call"] is not None and moves["raise"] is None:
            return True
    return False


@decision("V.d5")
def _two_seats(game: Played) -> bool:
    return game.final.players == 2 and bool(game.final.results)


SUITE: Final = "golfo-conformance"
"""The suite's name, in the manifest."""
SUITE_VERSION: Final = 3
"""The vectors' version: 3, every step's observation as data (2: legal moves and refusals;
1: the actions and the final state)."""
PERFT_DEPTH: Final = 10
"""The perft counts written for each position: depths 1 to this."""
_RULE = re.compile(r"\bR(\d{1,2})[a-z]?\b")


def rules_named(description: str) -> list[str]:
    """The rules (``R1``..``R18``) a description names, in order of number, once each.

    >>> rules_named("R6c R13: all but one fold; R6 again")
    ['R6', 'R13']
    """
    numbers = sorted({int(n) for n in _RULE.findall(description) if 1 <= int(n) <= 18})
    return [f"R{n}" for n in numbers]


def _tags(state: State) -> list[str]:
    preset = golfo.rules.preset_name(state.rules)
    tags = [preset or "custom", f"{state.players}-seats"]
    if len(state.results) > 1:
        tags.append("several-hands")
    if state.rules.is_variant:
        tags.append("variant")
    return tags


def build_manifest(texts: dict[str, str]) -> str:
    """The manifest: the suite and its version; per vector its id, file, purpose, rules,
    the written decisions it exercises (:data:`DETECTORS`), preset, settings (the rules in
    the records' form), seats and tags; per negative vector what it checks; the decisions
    no vector can check (:data:`NOT_CHECKABLE`); the perft positions."""
    vectors = []
    for name, description, _ in VECTORS:
        data = json.loads(texts[f"{name}.json"])
        game = Played.of(texts[f"{name}.json"])
        state = game.final
        vectors.append(
            {
                "id": name,
                "file": f"{name}.json",
                "purpose": description,
                "rules": rules_named(description),
                "decisions": decisions_of(game),
                "preset": golfo.rules.preset_name(state.rules),
                "settings": data["rules"],
                "seats": state.players,
                "hands": len(state.results),
                "steps": len(data["steps"]),
                "refusals": sum(len(step.get("refused", [])) for step in data["steps"]),
                "tags": _tags(state),
            }
        )
    negative = []
    for name, description, _ in NEGATIVE:
        data = json.loads(texts[f"negative/{name}.json"])
        negative.append(
            {
                "id": f"negative/{name}",
                "file": f"negative/{name}.json",
                "purpose": description,
                "rules": rules_named(description),
                "checks": "engine" if data["error"]["at"].startswith("actions[") else "records",
            }
        )
    perfts = json.loads(build_perft()["perft.json"])["positions"]
    manifest = {
        "suite": SUITE,
        "version": SUITE_VERSION,
        "protocol": "golfo-engine/1",
        "vectors": vectors,
        "not_checkable": [{"id": k, "why": why} for k, why in NOT_CHECKABLE.items()],
        "negative": negative,
        "perft": {
            "file": "perft.json",
            "positions": [p["id"] for p in perfts],
        },
    }
    return json.dumps(manifest, ensure_ascii=False, indent=1) + "\n"


def perft_counts(state: State, depth: int, deck: Sequence[Card]) -> list[int]:
    """``[perft(state, d, deck) for d in 1..depth]`` in one walk of the tree."""
    counts = [0] * (depth + 1)

    def walk(s: State, d: int) -> None:
        counts[d] += 1
        if d == depth:
            return
        if s.to_act is golfo.CHANCE:
            card = next((c for c in deck if s.stock_mask & c.mask), None)
            if card is not None:
                walk(golfo.apply(s, golfo.Deal(card)), d + 1)
            return
        for action in golfo.legal_actions(s):
            walk(golfo.apply(s, action), d + 1)

    walk(state, 0)
    return counts[1:]


def _perft_position(position: Position, variants: bool) -> dict[str, Any]:
    record = _record(position.state)
    counts = perft_counts(position.state, PERFT_DEPTH, position.deck)
    assert counts[:3] == [perft(position.state, d, position.deck) for d in (1, 2, 3)]
    return {
        "id": position.name,
        "purpose": position.description,
        "variants": variants,
        "rules": record["rules"],
        "players": record["players"],
        "dealer": record["dealer"],
        "stacks": record["stacks"],
        "actions": record["actions"],
        "deck": [str(c) for c in position.deck],
        "counts": counts,
    }


def build_perft() -> dict[str, str]:
    """The perft positions as data: how each is reached from a new game (its record's
    rules, seats, dealer, stacks and actions), its deck order and its counts at depths 1 to
    :data:`PERFT_DEPTH`."""
    global _PERFT_CACHE
    if _PERFT_CACHE is None:
        positions = [_perft_position(p, False) for p in POSITIONS.values()]
        positions += [_perft_position(p, True) for p in VARIANT_POSITIONS.values()]
        data = {"format": "golfo-perft/1", "depth": PERFT_DEPTH, "positions": positions}
        _PERFT_CACHE = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        _PERFT_CACHE = _PERFT_CACHE.replace('{"id":', '\n {"id":') + "\n"
    return {"perft.json": _PERFT_CACHE}


_PERFT_CACHE: str | None = None


NEGATIVE: list[tuple[str, str, Callable[[], tuple[dict[str, Any], str, str]]]] = []


def negative(
    name: str, description: str
) -> Callable[
    [Callable[[], tuple[dict[str, Any], str, str]]], Callable[[], tuple[dict[str, Any], str, str]]
]:
    def register(
        make: Callable[[], tuple[dict[str, Any], str, str]],
    ) -> Callable[[], tuple[dict[str, Any], str, str]]:
        NEGATIVE.append((name, description, make))
        return make

    return register


def _record(state: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(golfo.to_json(state))
    return data


def _with_action(state: State, action: golfo.Action) -> tuple[dict[str, Any], str]:
    """The record of ``state`` with ``action`` (golfo refuses it) appended; its place."""
    data = _record(state)
    data["actions"].append(golfo.wire.to_data(action))
    return data, f"actions[{len(data['actions']) - 1}]"


@negative("01-bet-above-table-stakes", "R8: a bet above what any other seat can put in")
def bet_above_stakes() -> tuple[dict[str, Any], str, str]:
    g = Script(golfo.Rules(hands=1), players=3, dealer=0, stacks=[1001, 51, 81])
    g.play("1p 2p")
    data, at = _with_action(g.state, golfo.Bet(0, 81))
    return data, at, "R8"


@negative("02-raise-nobody-can-answer", "R8: a raise when no other seat can put in more")
def raise_unanswerable() -> tuple[dict[str, Any], str, str]:
    g = Script(golfo.Rules(hands=1), players=3, dealer=0, stacks=[1001, 31, 101])
    g.play("1b5 2r100")
    data, at = _with_action(g.state, golfo.Raise(0, 200))
    return data, at, "R8"


@negative("03-pass-after-an-opening", "R5: passing after an opening")
def pass_after_opening() -> tuple[dict[str, Any], str, str]:
    g = Script(golfo.Rules(hands=1), players=3, dealer=0)
    g.play("1b5")
    data, at = _with_action(g.state, golfo.Pass(2))
    return data, at, "R5"


@negative("04-discard-larger-than-the-stock", "R10: a discard of more cards than the stock holds")
def discard_too_many() -> tuple[dict[str, Any], str, str]:
    g = Script(golfo.Rules(hands=1), players=3, dealer=0)
    g.play("1p 2p 0p ~")
    g.play("1d#5 2d#5")
    seat = g.state.to_act
    assert isinstance(seat, int)
    data, at = _with_action(g.state, golfo.Discard(seat, g.state.hands[seat].cards))
    return data, at, "R10"


@negative("05-a-card-dealt-twice", "R4: a card dealt twice")
def dealt_twice() -> tuple[dict[str, Any], str, str]:
    state = golfo.new_game(golfo.Rules(hands=1), players=3)
    state = golfo.apply(state, golfo.Deal(golfo.DECK[0]))
    data, at = _with_action(state, golfo.Deal(golfo.DECK[0]))
    return data, at, "R4"


@negative("06-a-rebuy-miscounted", "R17: the expected rebuys do not match the replay")
def rebuy_miscounted() -> tuple[dict[str, Any], str, str]:
    final = golfo.from_json((HERE / "11-rebuy.json").read_text(encoding="utf-8"))
    data: dict[str, Any] = json.loads(golfo.to_json(final, expected=True))
    data["expected"]["rebuys"] = [0, 2, 0]
    return data, "expected.rebuys", ""


@negative("07-results-that-do-not-match", "R11: a written result that the actions do not give")
def results_mismatch() -> tuple[dict[str, Any], str, str]:
    final = golfo.from_json((HERE / "09-trabuco.json").read_text(encoding="utf-8"))
    data = _record(final)
    payoffs = data["results"][0]["payoffs"]
    data["results"][0]["payoffs"] = [payoffs[1], payoffs[0], payoffs[2]]
    return data, "results[0].payoffs", ""


def build_negative() -> dict[str, str]:
    """Every negative vector: a record that must fail to load, where, and with which rule."""
    out: dict[str, str] = {}
    for name, description, make in NEGATIVE:
        record, at, rule = make()
        try:
            golfo.from_json(json.dumps(record))
        except golfo.FormatError as error:
            message = str(error)
            if not message.startswith(f"{at}:") or (rule and f"{rule}:" not in message):
                raise AssertionError(f"{name} fails for another reason: {message}") from None
        else:  # pragma: no cover - a negative vector must fail
            raise AssertionError(f"{name} loads")
        data = {
            "description": description,
            "error": {"at": at, "rule": rule or None},
            "record": record,
        }
        out[f"negative/{name}.json"] = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return out


def build_corpus() -> dict[str, bytes]:
    """The shipped corpus, compressed reproducibly."""
    text = generate(CORPUS_SEED, CORPUS_GAMES)
    return {"corpus.jsonl.gz": gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)}


def main(argv: list[str]) -> int:
    texts = {**build(), **build_negative(), **build_perft()}
    texts["manifest.json"] = build_manifest(texts)
    files = {name: text.encode("utf-8") for name, text in texts.items()}
    if "--corpus" in argv or not (HERE / "corpus.jsonl.gz").is_file():
        files |= build_corpus()
    if "--check" in argv:
        stale = [
            name
            for name, data in files.items()
            if not (HERE / name).is_file() or (HERE / name).read_bytes() != data
        ]
        made = {
            p.relative_to(HERE).as_posix()
            for p in [*HERE.glob("*.json"), *HERE.glob("negative/*.json")]
        }
        extra = sorted(made - set(files))
        for name in stale:
            print(f"differs from the script: {name}")
        for name in extra:
            print(f"not made by the script: {name}")
        return 1 if stale or extra else 0
    (HERE / "negative").mkdir(exist_ok=True)
    for name, data in files.items():
        (HERE / name).write_bytes(data)
        print(f"wrote conformance/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
