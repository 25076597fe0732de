"""golfo: the reference rules engine for El Golfo, the Spanish betting card game.

The public names live here; see the README and ``docs/`` for a tour.  The formats and
words have modules of their own: :mod:`golfo.records` (whole games, ``golfo/1``),
:mod:`golfo.wire` (JSON for frontends, ``golfo-wire/1``) and :mod:`golfo.notation` (what
players say, in Spanish and English); so do the wings over the core: :mod:`golfo.analysis`
(memory, odds, determinization), :mod:`golfo.tournament`, :mod:`golfo.selfplay` and
:mod:`golfo.parallel` (bots at scale), :mod:`golfo.server`, :mod:`golfo.conformance` and
:mod:`golfo.ext`.

>>> import golfo
>>> golfo.hand_value(golfo.parse_cards("9O 8O 7O 6O 5O"))
30
"""

from golfo import notation, wire
from golfo.actions import (
    CHANCE,
    Action,
    Bet,
    Call,
    Chance,
    Deal,
    Discard,
    EndGame,
    Fold,
    NextHand,
    Pass,
    Raise,
)
from golfo.analysis import max_possible_value
from golfo.bots import Bot, EquityBot, HeuristicBot, NetBot, RandomBot, RangeBot, StrongBot
from golfo.cards import Card, Suit, parse_cards
from golfo.chance import deal, deal_from
from golfo.deck import DECK, Deck
from golfo.errors import (
    CardError,
    CodecError,
    FormatError,
    GolfoError,
    IllegalActionError,
    NotationError,
    RulesError,
    SeatError,
)
from golfo.hand import Hand
from golfo.moves import LegalMoves, describe_legal, legal_actions, legal_moves
from golfo.records import from_json, replay, to_json
from golfo.reducer import apply, is_legal, new_game
from golfo.rules import LUDOTEKA, MEDIANO, MINI, PRESETS, TRADICIONAL, Rules
from golfo.scoring import Score, hand_value, score
from golfo.shuffle import shuffled_deck
from golfo.standings import Standing, Standings, standings
from golfo.state import HandResult, Phase, Pot, State
from golfo.views import Dealt, Discarded, View, redacted_history, view

__all__ = [
    "CHANCE",
    "DECK",
    "LUDOTEKA",
    "MEDIANO",
    "MINI",
    "PRESETS",
    "TRADICIONAL",
    "Action",
    "Bet",
    "Bot",
    "Call",
    "Card",
    "CardError",
    "Chance",
    "CodecError",
    "Deal",
    "Dealt",
    "Deck",
    "Discard",
    "Discarded",
    "EndGame",
    "EquityBot",
    "Fold",
    "FormatError",
    "GolfoError",
    "Hand",
    "HandResult",
    "HeuristicBot",
    "IllegalActionError",
    "LegalMoves",
    "NetBot",
    "NextHand",
    "NotationError",
    "Pass",
    "Phase",
    "Pot",
    "Raise",
    "RandomBot",
    "RangeBot",
    "Rules",
    "RulesError",
    "Score",
    "SeatError",
    "Standing",
    "Standings",
    "State",
    "StrongBot",
    "Suit",
    "View",
    "apply",
    "deal",
    "deal_from",
    "describe_legal",
    "from_json",
    "hand_value",
    "is_legal",
    "legal_actions",
    "legal_moves",
    "max_possible_value",
    "new_game",
    "notation",
    "parse_cards",
    "redacted_history",
    "replay",
    "score",
    "shuffled_deck",
    "standings",
    "to_json",
    "view",
    "wire",
]

__version__ = "0.1.0"
