"""golfo: the reference rules engine for El Golfo, the Spanish betting card game.

The public names live here; see the README and ``docs/`` for a tour.

>>> import golfo
>>> golfo.hand_value(golfo.parse_cards("9O 8O 7O 6O 5O"))
30
"""

from golfo.cards import Card, Suit, parse_cards
from golfo.deck import DECK, Deck
from golfo.errors import CardError, FormatError, GolfoError, IllegalActionError, RulesError
from golfo.hand import Hand
from golfo.scoring import Score, hand_value, score

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Deck",
    "FormatError",
    "GolfoError",
    "Hand",
    "IllegalActionError",
    "RulesError",
    "Score",
    "Suit",
    "hand_value",
    "parse_cards",
    "score",
]

__version__ = "0.1.0"
