"""Hypothesis strategies for the property tests: El Golfo's presets and random variants of
the rules (issue 34), every one playable (``golfo.Rules`` refuses the others).

:func:`variants` draws every variant setting (deck, deals, discard and betting rounds, cards
counted, fixed limits, raises, table sizes) with small stacks and short games, so that
random play ends soon and goes through all-ins, side pots and busts; :func:`rule_sets`
mixes them with rule sets of El Golfo.
"""

from __future__ import annotations

import math

from hypothesis import strategies as st

from golfo import Rules
from golfo.cards import SUITS
from golfo.phases import BETTING, HAND_PHASES, Phase

__all__ = ["fix_betting", "variants"]


def fix_betting(rounds: set[int], second_deal: int, discards: int) -> tuple[int, ...]:
    """``rounds`` less each round that would follow another played round with nothing
    between them (``golfo.Rules`` refuses those); never empty."""
    played = {
        Phase.DEAL_1: True,
        Phase.DEAL_2: second_deal > 0,
        Phase.DISCARD_1: discards >= 1,
        Phase.DISCARD_2: discards >= 2,
        Phase.SHOWDOWN: True,
    }
    for k, phase in enumerate(BETTING, 1):
        played[phase] = k in rounds
    kept: list[int] = []
    last_was_betting = False
    for phase in HAND_PHASES:
        if not played[phase]:
            continue
        if phase.betting_round:
            if not last_was_betting:
                kept.append(phase.betting_round)
            last_was_betting = True
        else:
            last_was_betting = False
    return tuple(kept) or (1,)


@st.composite
def variants(draw: st.DrawFn, *, most_hands: int = 3) -> Rules:
    """A playable variant: a deck big enough for its deals, betting rounds that never follow
    each other, fixed limits or minimums, caps or none; small stacks, a few hands."""
    sizes = tuple(sorted(draw(st.sets(st.integers(2, 4), min_size=1))))
    first = draw(st.integers(1, 5))
    second = draw(st.integers(0, 5 - first))
    discards = draw(st.integers(0, 2))
    need = min(sizes[-1], 3) * (first + second) + (1 if discards else 0)
    suits = draw(st.integers(max(1, math.ceil(need / 7)), 4))
    ranks = draw(st.integers(max(1, math.ceil(need / suits)), 7))
    extra = draw(st.booleans())
    ante = draw(st.integers(1 if extra else 0, 3))  # no antes, no chips: a tie forever
    limit = draw(st.booleans())
    caps = draw(
        st.none()
        | st.lists(st.integers(max(ante, 1), 40), min_size=4, max_size=4).map(
            lambda c: tuple(sorted(c))
        )
    )
    return Rules(
        ante=ante,
        min_open=1 if limit else draw(st.integers(1, 4)),
        min_raise=1 if limit else draw(st.integers(1, 4)),
        round_caps=caps,
        discards_face_up=draw(st.booleans()),
        deal_in_pairs=draw(st.booleans()),
        starting_stack=draw(st.integers(max(ante, 1), 40)),
        hands=draw(st.integers(1, most_hands)),
        rebuy=draw(st.booleans()),
        extra_hands_on_tie=extra,
        ranks=draw(st.sets(st.integers(3, 9), min_size=ranks, max_size=ranks)),
        suits=draw(st.sets(st.sampled_from(SUITS), min_size=suits, max_size=suits)),
        deal_sizes=(first, second),
        discard_rounds=discards,
        betting_rounds=fix_betting(draw(st.sets(st.integers(1, 4), min_size=1)), second, discards),
        cards_counted=draw(st.integers(1, 5)),
        bet_sizes=draw(st.lists(st.integers(1, 6), min_size=4, max_size=4)) if limit else None,
        max_raises=draw(st.none() | st.integers(0, 3)),
        table_sizes=sizes,
    )
