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
import json
import random
import re
import sys
from collections.abc import Callable, Iterable, Sequence
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
    preset, seats and tags; per negative vector what it checks; the perft positions."""
    vectors = []
    for name, description, _ in VECTORS:
        data = json.loads(texts[f"{name}.json"])
        state = golfo.from_json(texts[f"{name}.json"])
        vectors.append(
            {
                "id": name,
                "file": f"{name}.json",
                "purpose": description,
                "rules": rules_named(description),
                "preset": golfo.rules.preset_name(state.rules),
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
