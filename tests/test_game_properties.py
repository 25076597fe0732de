"""Whole random games (issue 4): properties of R14..R18 over many hands.

Random games of both presets, with 3 and 4 seats, and of random variants of the rules
(issue 34: 2 to 4 seats, fixed limits, small decks), with random starting stacks,
are played by a random player that likes big bets (so that seats go broke,
rebuy or leave).  Each game is checked, hand by hand, against a small model
written from the words of R14..R17 (who deals, who is dealt in, who rebuys,
who is out, when the game ends) and against the accounting of R18:

* chips are conserved at every step, counting rebuys;
* every hand's payoffs sum to zero and the stacks follow them;
* games of fixed length always end, and end exactly when R16/R17 say;
* standings agree with the results of every hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

import attrs
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from golfo import (
    CHANCE,
    LUDOTEKA,
    TRADICIONAL,
    Action,
    Bet,
    EndGame,
    NextHand,
    Phase,
    Raise,
    Rules,
    RulesError,
    State,
    apply,
    legal_actions,
    new_game,
    standings,
)
from rulesets import variants

RESTING = frozenset({Phase.BETWEEN_HANDS, Phase.END})
EXTRA_HANDS_CAP = 60
"""A safety net only: a tie at the lead surviving this many extra hands of random play."""


def random_action(rng: random.Random, state: State, bet_rate: float) -> Action:
    """A legal action; bets and raises with probability ``bet_rate``, often the biggest one
    (so that stacks move a lot), otherwise a pass, call or fold (or any deal or discard)."""
    legal = legal_actions(state)
    if state.to_act is CHANCE or state.phase in (Phase.DISCARD_1, Phase.DISCARD_2):
        return rng.choice(legal)
    sized = [a for a in legal if isinstance(a, Bet | Raise)]
    other = [a for a in legal if not isinstance(a, Bet | Raise)]
    if sized and rng.random() < bet_rate:
        return sized[-1] if rng.random() < 0.4 else rng.choice(sized)
    return rng.choice(other)


class Model:
    """R14..R17 from their words, for one game: seats, dealer, rebuys, outs, stacks."""

    def __init__(self, rules: Rules, players: int, dealer: int, stacks: Sequence[int]) -> None:
        self.rules = rules
        self.players = players
        self.initial = tuple(stacks)
        self.stacks = list(stacks)  # between hands: chips behind each seat
        self.rebuys = [0] * players
        self.out: set[int] = set()
        self.dealer = dealer
        self.first = True

    def start_hand(self) -> tuple[int, tuple[int, ...]]:
        """R17 then R14: rebuys or leaves, the next dealer, the seats dealt in; antes posted."""
        ante = self.rules.ante
        for s in range(self.players):
            if s not in self.out and self.stacks[s] < ante:
                if self.rules.rebuy:
                    self.stacks[s] += self.initial[s]  # its own starting stack again
                    self.rebuys[s] += 1
                else:
                    self.out.add(s)
        if not self.first:
            seats = [(self.dealer + k) % self.players for k in range(1, self.players + 1)]
            self.dealer = next(s for s in seats if s not in self.out)
        self.first = False
        around = [(self.dealer + k) % self.players for k in range(1, self.players + 1)]
        playing = [s for s in around if s not in self.out]
        dealt = tuple(s for s in playing if len(playing) < 4 or s != self.dealer)
        for s in dealt:
            self.stacks[s] -= ante
        return self.dealer, dealt

    def net(self, seat: int) -> int:
        return self.stacks[seat] - self.initial[seat] * (1 + self.rebuys[seat])

    def no_more_hands(self) -> bool:
        """R17: fewer than three seats (a variant: its smallest table) still in the game can
        pay the ante (no rebuys)."""
        if self.rules.rebuy:
            return False
        able = [s for s in range(self.players) if s not in self.out]
        return sum(self.stacks[s] >= self.rules.ante for s in able) < self.rules.min_players

    def winner(self, last_mano: int) -> int | None:
        """R16, R18: the seat leading alone; with extra hands on a tie that no hand can be
        dealt to break, the tied seat first in play order from the last hand's mano."""
        nets = [self.net(s) for s in range(self.players)]
        tied = [s for s in range(self.players) if nets[s] == max(nets)]
        if len(tied) == 1:
            return tied[0]
        if self.rules.extra_hands_on_tie and self.no_more_hands():
            return min(tied, key=lambda s: (s - last_mano) % self.players)
        return None

    def over(self, hand_number: int) -> bool:
        """R16, R17: does the game end after hand ``hand_number``?"""
        if self.no_more_hands():
            return True
        if self.rules.hands is None or hand_number < self.rules.hands:
            return False
        if not self.rules.extra_hands_on_tie:
            return True
        nets = [self.net(s) for s in range(self.players)]
        return nets.count(max(nets)) == 1


def check_standings(state: State, model: Model) -> None:
    """R18: standings agree with the stacks, the rebuys and the result of every hand."""
    table = standings(state)
    assert table.hands_played == len(state.results)
    assert sorted(r.seat for r in table.rows) == list(range(state.players))
    for row in table.rows:
        s = row.seat
        won = sum(r.payoffs[s] for r in state.results)
        assert state.initial_stacks[s] * (1 + state.rebuys[s]) + won == state.stacks[s]
        assert row.net == won
        assert (row.stack, row.rebuys, row.out) == (
            state.stacks[s],
            state.rebuys[s],
            s in state.out,
        )
        assert row.rank == 1 + sum(other.net > row.net for other in table.rows)
    keys = [(-r.net, r.seat) for r in table.rows]
    assert keys == sorted(keys)
    if state.phase is Phase.END:
        assert table.winner == model.winner(state.results[-1].mano)
    else:
        assert table.winner is None


class Setup(NamedTuple):
    """A game to play: seats, first dealer, starting stacks, and how often the player bets."""

    players: int
    dealer: int
    stacks: tuple[int, ...]
    bet_rate: float


@st.composite
def setups(draw: st.DrawFn, most: int, sizes: tuple[int, ...] = (3, 4)) -> Setup:
    """3 or 4 seats (or one of ``sizes``) with stacks 0..``most``: all equal half of the time
    (ties are likelier)."""
    players = draw(st.sampled_from(sizes))
    if draw(st.booleans()):
        stacks = (draw(st.integers(0, most)),) * players
    else:
        stacks = tuple(draw(st.lists(st.integers(0, most), min_size=players, max_size=players)))
    dealer = draw(st.integers(0, players - 1))
    bet_rate = draw(st.sampled_from([0.0, 0.05, 0.4]))
    return Setup(players, dealer, stacks, bet_rate)


def event_summary(state: State) -> None:
    """Hypothesis statistics (``--hypothesis-show-statistics``): what the games went through."""
    hands = state.rules.hands
    if hands is not None and state.hand_number > hands:
        event("extra hands after a tie (R16)")
    if hands is not None and state.hand_number < hands:
        event("ended early: fewer than 3 can pay (R17)")
    if any(state.rebuys):
        event("rebuys (R17)")
    if state.out:
        event("a seat out for good (R17)")
    event(f"winner: {standings(state).winner is not None}")


def play_game(rng: random.Random, rules: Rules, setup: Setup, stop: int) -> State:
    """Play a random game, checking every step; EndGame after ``stop`` hands if open-ended."""
    players, dealer, stacks, bet_rate = setup
    try:
        state = new_game(rules, players=players, dealer=dealer, stacks=stacks)
    except RulesError:
        assume(False)  # fewer than 3 seats, or not the dealer, can pay the first ante
        raise
    model = Model(rules, players, dealer, stacks)
    cap = (rules.hands or stop) + EXTRA_HANDS_CAP
    while True:
        # a hand has just started (R15): the model says who deals and who plays (R14, R17)
        dealer_now, dealt = model.start_hand()
        assert (state.dealer, state.dealt_in, state.mano) == (dealer_now, dealt, dealt[0])
        assert state.rebuys == tuple(model.rebuys)
        assert state.out == frozenset(model.out)
        assert state.stacks == tuple(model.stacks)
        assert state.hand_number == len(state.results) + 1
        assert (state.phase, state.to_act) == (Phase.DEAL_1, CHANCE)
        given = sum(x * (1 + n) for x, n in zip(stacks, state.rebuys, strict=True))
        assert sum(state.stacks) + state.pot == given  # chips conserved, counting rebuys
        per_hand = 28 + 2 * 4 + 4 * (4 + given)  # each bet or raise adds a chip or more
        steps = 0
        while state.phase not in RESTING:
            state = apply(state, random_action(rng, state, bet_rate))
            steps += 1
            assert steps <= per_hand  # every hand ends
            assert sum(state.stacks) + state.pot == given  # chips conserved, counting rebuys
            assert all(x >= 0 for x in state.stacks)
        # the hand is over: its result, the stacks, the end of the game
        result = state.results[-1]
        assert sum(result.payoffs) == 0
        assert (result.hand_number, result.dealer, result.dealt_in) == (
            state.hand_number,
            dealer_now,
            dealt,
        )
        assert all(result.payoffs[s] == 0 for s in range(players) if s not in dealt)
        model.stacks = [
            x + p + (rules.ante if s in dealt else 0)
            for s, (x, p) in enumerate(zip(model.stacks, result.payoffs, strict=True))
        ]
        assert state.stacks == tuple(model.stacks)
        assert state.hand_number == len(state.results)
        assert (state.to_act, state.pot) == (None, 0)
        check_standings(state, model)
        assert (state.phase is Phase.END) == model.over(state.hand_number)  # R16, R17
        if state.phase is Phase.END:
            assert legal_actions(state) == ()
            event_summary(state)
            return state
        assert state.hand_number < cap  # fixed-length games end (see EXTRA_HANDS_CAP)
        if rules.hands is None and state.hand_number >= stop:
            assert legal_actions(state) == (NextHand(), EndGame())
            state = apply(state, EndGame())
            assert (state.phase, state.hand_number) == (Phase.END, len(state.results))
            check_standings(state, model)
            event_summary(state)
            return state
        assert legal_actions(state) == ((NextHand(),) if rules.hands else (NextHand(), EndGame()))
        state = apply(state, NextHand())


common = settings(max_examples=300, deadline=None)


@common
@given(rng=st.randoms(use_true_random=False), setup=setups(150), hands=st.integers(2, 6))
def test_r14_r18_ludoteka_games_of_fixed_length(
    rng: random.Random, setup: Setup, hands: int
) -> None:
    rules = attrs.evolve(LUDOTEKA, hands=hands)
    state = play_game(rng, rules, setup, stop=hands)
    assert state.phase is Phase.END
    last = standings(state)
    broke = sum(x >= rules.ante for x in state.stacks) < 3
    assert broke or state.hand_number == hands or last.winner is not None


antes = st.sampled_from([1, 1, 3])
"""The traditional ante, or 3 so that a seat may be short without being broke."""


@common
@given(
    rng=st.randoms(use_true_random=False),
    setup=setups(30),
    hands=st.integers(2, 6),
    ante=antes,
)
def test_r14_r18_traditional_games_of_fixed_length(
    rng: random.Random, setup: Setup, hands: int, ante: int
) -> None:
    rules = attrs.evolve(TRADICIONAL, hands=hands, ante=ante)
    state = play_game(rng, rules, setup, stop=hands)
    assert (state.phase, state.hand_number) == (Phase.END, hands)  # rebuys: nobody leaves
    assert state.out == frozenset()


@common
@given(
    rng=st.randoms(use_true_random=False),
    setup=setups(30),
    stop=st.integers(1, 6),
    ante=antes,
)
def test_r14_r18_traditional_open_ended_games_ended_by_agreement(
    rng: random.Random, setup: Setup, stop: int, ante: int
) -> None:
    state = play_game(rng, attrs.evolve(TRADICIONAL, ante=ante), setup, stop=stop)
    assert (state.phase, state.hand_number) == (Phase.END, stop)
    assert state.history[-1] == EndGame()


@st.composite
def variant_games(draw: st.DrawFn) -> tuple[Rules, Setup]:
    """A variant of the rules (tests/rulesets.py) and a table of one of its sizes."""
    rules = draw(variants(most_hands=4))
    return rules, draw(setups(2 * rules.starting_stack, rules.table_sizes))


@common
@given(rng=st.randoms(use_true_random=False), game=variant_games(), stop=st.integers(1, 4))
def test_r14_r18_variant_games(rng: random.Random, game: tuple[Rules, Setup], stop: int) -> None:
    """Variants (issue 34): two seats deal in turn and both play, four seats deal three in,
    and a game goes on while ``rules.min_players`` seats can pay the ante."""
    rules, setup = game
    state = play_game(rng, rules, setup, stop=stop)
    assert state.phase is Phase.END
    if rules.rebuy:
        assert state.out == frozenset()
