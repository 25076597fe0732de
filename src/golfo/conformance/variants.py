"""Random variants of the rules for lockstep play (issue 34): what the runner deals to an engine
that announces ``"variants": true`` in its answer to ``hello`` (``docs/engine-protocol.md``).

:func:`random_variant` draws every variant setting of :class:`golfo.Rules` (the deck's ranks
and suits, the deals, the discard and betting rounds played, the cards counted, fixed limits
or minimums, the most raises, caps, the table sizes), or one of the small presets
:data:`golfo.MINI` and :data:`golfo.MEDIANO`, with small stacks and short games, so that
random play soon reaches all-ins, side pots, busts, a short stock and the limits of a round;
:func:`random_variant_setup` starts a game of one.  Every draw is one golfo plays (golfo
refuses the others when the rules are made).

>>> import random
>>> state = random_variant_setup(random.Random(3))
>>> state.players in state.rules.table_sizes, state.rules.is_variant
(True, True)
"""

from __future__ import annotations

import math
import random

import attrs

from golfo.cards import SUITS
from golfo.errors import GolfoError
from golfo.phases import HAND_PHASES
from golfo.reducer import new_game
from golfo.rules import MEDIANO, MINI, Rules
from golfo.state import State

__all__ = ["random_variant", "random_variant_setup", "separated_rounds"]


def separated_rounds(rounds: set[int], second_deal: int, discards: int) -> tuple[int, ...]:
    """``rounds`` less each betting round that would follow another one played with nothing
    between them (no deal, no discard: :class:`golfo.Rules` refuses those); never empty.

    >>> separated_rounds({1, 2, 3, 4}, second_deal=0, discards=1)
    (1, 3)
    """
    kept: list[int] = []
    last_was_betting = False
    for phase in HAND_PHASES:
        played = {
            "deal_2": second_deal > 0,
            "discard_1": discards >= 1,
            "discard_2": discards >= 2,
        }.get(phase.value, True)
        if phase.betting_round:
            if phase.betting_round in rounds and not last_was_betting:
                kept.append(phase.betting_round)
                last_was_betting = True
        elif played:
            last_was_betting = False
    return tuple(kept) or (1,)


def random_variant(rng: random.Random) -> Rules:
    """A variant golfo plays: a deck big enough for its deals (and a draw), betting rounds
    that never follow each other, fixed limits or minimums, caps or none, a most raises or
    none, 2 to 4 seats; stacks of 1 to 60 chips and games of 1 to 3 hands or open-ended,
    with or without rebuys and extra hands on a tie, every combination.  One draw in five is
    MINI or MEDIANO, with a few hands."""
    if rng.random() < 0.2:
        preset = rng.choice([MINI, MEDIANO])
        return attrs.evolve(preset, hands=rng.randint(1, 3), deal_in_pairs=rng.random() < 0.3)
    sizes = tuple(sorted(rng.sample([2, 3, 4], rng.randint(1, 3))))
    first = rng.randint(1, 5)
    second = rng.randint(0, 5 - first)
    discards = rng.randint(0, 2)
    need = min(sizes[-1], 3) * (first + second) + (1 if discards else 0)
    suits = rng.randint(max(1, math.ceil(need / 7)), 4)
    ranks = rng.randint(max(1, math.ceil(need / suits)), 7)
    rebuy = rng.random() < 0.4
    extra = rng.random() < 0.3
    ante = rng.randint(1 if extra else 0, 3)  # no antes and no chips: a tie for ever
    limit = rng.random() < 0.5
    caps = None
    if rng.random() < 0.5:
        caps = tuple(sorted(rng.randint(max(ante, 1), 40) for _ in range(4)))
    rounds = {k for k in range(1, 5) if rng.random() < 0.6}
    return Rules(
        ante=ante,
        min_open=1 if limit else rng.randint(1, 4),
        min_raise=1 if limit else rng.randint(1, 4),
        round_caps=caps,
        discards_face_up=rng.random() < 0.5,
        deal_in_pairs=rng.random() < 0.5,
        starting_stack=rng.randint(max(ante, 1), 60),
        hands=rng.choice([1, 2, 3, None]),
        rebuy=rebuy,
        extra_hands_on_tie=extra,
        ranks=rng.sample(range(3, 10), ranks),
        suits=rng.sample(SUITS, suits),
        deal_sizes=(first, second),
        discard_rounds=discards,
        betting_rounds=separated_rounds(rounds, second, discards),
        cards_counted=rng.randint(1, 5),
        bet_sizes=tuple(rng.randint(1, 6) for _ in range(4)) if limit else None,
        max_raises=rng.choice([None, 0, 1, 2, 3]),
        table_sizes=sizes,
    )


def random_variant_setup(rng: random.Random) -> State:
    """A new game of a :func:`random_variant`: one of its table sizes, stacks of the rules'
    or drawn (1 to 60 chips, at least the ante with rebuys), a first dealer."""
    while True:
        rules = random_variant(rng)
        players = rng.choice(rules.table_sizes)
        stacks = None
        if rng.random() < 0.5:
            low = max(1, rules.ante) if rules.rebuy else 1
            stacks = [rng.randint(low, max(low, 60)) for _ in range(players)]
        try:
            return new_game(rules, players=players, dealer=rng.randrange(players), stacks=stacks)
        except GolfoError:
            continue  # too few seats could pay the ante: draw again
