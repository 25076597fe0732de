"""What one seat may know: views of a state without hidden information.

Bots and networked clients should receive a :class:`View`, never a
:class:`golfo.State`: a view holds the seat's own cards and the public facts,
and nothing else (no other seat's cards, no stock, no folded hands).

>>> import golfo
>>> state = golfo.deal_from(golfo.new_game(golfo.TRADICIONAL, players=3), golfo.DECK)
>>> v = golfo.view(state, 1)
>>> v.hand, v.hand_sizes, v.stock_size, v.moves.bets
(Hand.parse('3O 6O'), (2, 2, 2), 22, range(1, 100))
>>> v.legal_actions[:2]
(Pass(seat=1), Bet(seat=1, amount=1))
>>> v.history[:3]
(Dealt(seat=1, card=Card(3, Suit.OROS)), Dealt(seat=2, card=None), Dealt(seat=0, card=None))
>>> golfo.view(state, None).hand   # a spectator holds nothing
Hand.parse('')
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from golfo.actions import Action, Chance, Deal, Discard, NextHand
from golfo.cards import Card
from golfo.errors import SeatError
from golfo.hand import Hand
from golfo.moves import LegalMoves, legal_moves
from golfo.rules import Rules
from golfo.state import HandResult, Phase, State, TableFacts, log_entries

__all__ = ["Dealt", "Discarded", "View", "ViewEvent", "redact", "redacted_history", "view"]


@attrs.frozen
class Dealt:
    """A card dealt to ``seat``; ``card`` is ``None`` unless the viewer may see it."""

    seat: int
    """The seat that received the card."""
    card: Card | None
    """The card, or ``None`` when the viewer may not see it (dealt to another seat)."""


@attrs.frozen
class Discarded:
    """``seat`` discarded ``count`` cards; ``cards`` is ``None`` when they are face down
    (``rules.discards_face_up`` false) and the viewer is another seat."""

    seat: int
    """The seat that discarded."""
    count: int
    """How many cards it discarded (always public)."""
    cards: frozenset[Card] | None
    """The cards, or ``None`` when face down to the viewer."""


ViewEvent: TypeAlias = Action | Dealt | Discarded
"""An entry of a redacted history: deals and discards redacted, every other action as is."""


@attrs.frozen
class View(TableFacts):
    """Everything ``seat`` may know about a state, and nothing more (``seat=None``: a spectator)."""

    seat: int | None
    """The viewer, or ``None`` for a spectator."""
    version: int
    """The number of actions applied since the game began (``state.version``): a server
    refuses a move made against an older view."""
    rules: Rules
    """The rule settings."""
    players: int
    """Seats at the table."""
    hand_number: int
    """The hand in play or just finished (1-based)."""
    dealer: int
    """The dealer of this hand."""
    dealt_in: tuple[int, ...]
    """Seats dealt in, in play order; the first is mano."""
    phase: Phase
    """Where the game is."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` when a card is being dealt, or ``None``."""
    stacks: tuple[int, ...]
    """Chips behind each seat."""
    bets: tuple[int, ...]
    """Chips put in during the current betting round."""
    committed: tuple[int, ...]
    """Chips put in the pot during this hand, ante included."""
    folded: frozenset[int]
    """Seats that folded this hand."""
    rebuys: tuple[int, ...]
    """Rebuys taken per seat."""
    out: frozenset[int]
    """Seats out of the game for good."""
    hand: Hand
    """The viewer's own cards (empty for a spectator, or after folding)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (public)."""
    stock_size: int
    """How many cards are left in the stock (public)."""
    discards: tuple[Discarded, ...]
    """This hand's discards in order; cards shown when face up or the viewer's own."""
    history: tuple[ViewEvent, ...]
    """This hand's actions, redacted for the viewer (deals to others without the card)."""
    results: tuple[HandResult, ...]
    """Every finished hand's result (public: shown hands only at showdown)."""
    moves: LegalMoves | None
    """The viewer's legal moves when it is to act (amounts as ranges, O(1) in the stacks),
    else ``None``."""

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions now, one by one (empty when it is not the viewer's
        turn); built from :attr:`moves` when read, one action per chip amount."""
        moves = self.moves
        return () if moves is None else tuple(moves)


def redact(action: Action, actor: int | None, seat: int | None, face_up: bool) -> ViewEvent:
    """One entry of the history (``action`` and its ``actor``, as :class:`golfo.Log` has
    them) as ``seat`` sees it (``None``: a spectator), the discards shown when ``face_up``
    (``rules.discards_face_up``): a :class:`Dealt` without the card when dealt to another, a
    :class:`Discarded` without the cards when face down and another's; else the action.

    >>> import golfo
    >>> redact(golfo.Deal(golfo.Card.parse("9O")), 1, 0, True)
    Dealt(seat=1, card=None)
    """
    if isinstance(action, Deal):
        assert actor is not None
        return Dealt(actor, action.card if actor == seat else None)
    if isinstance(action, Discard):
        assert actor is not None
        visible = face_up or actor == seat
        return Discarded(actor, len(action.cards), action.cards if visible else None)
    return action


def _events(state: State, seat: int | None, *, whole_game: bool) -> tuple[ViewEvent, ...]:
    """The redacted events of the game, or of the current hand only (back to its NextHand)."""
    face_up = state.rules.discards_face_up
    out: list[ViewEvent] = []
    for action, actor in log_entries(state.log):
        if not whole_game and isinstance(action, NextHand):
            break
        out.append(redact(action, actor, seat, face_up))
    out.reverse()
    return tuple(out)


def redacted_history(state: State, seat: int | None) -> tuple[ViewEvent, ...]:
    """The whole game's history as ``seat`` may know it (``None``: a spectator)."""
    return _events(state, seat, whole_game=True)


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know of ``state``; ``seat=None`` gives a spectator's view."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise SeatError(f"seat must be None or 0..{state.players - 1}, got {seat!r}")
    events = _events(state, seat, whole_game=False)
    own = Hand.from_mask(state.hand_masks[seat]) if seat is not None else Hand()
    mine = seat is not None and state.to_act == seat
    return View(
        seat=seat,
        version=state.version,
        rules=state.rules,
        players=state.players,
        hand_number=state.hand_number,
        dealer=state.dealer,
        dealt_in=state.dealt_in,
        phase=state.phase,
        to_act=state.to_act,
        stacks=state.stacks,
        bets=state.bets,
        committed=state.committed,
        folded=state.folded,
        rebuys=state.rebuys,
        out=state.out,
        hand=own,
        hand_sizes=tuple(m.bit_count() for m in state.hand_masks),
        stock_size=state.stock_mask.bit_count(),
        discards=tuple(e for e in events if isinstance(e, Discarded)),
        history=events,
        results=state.results,
        moves=legal_moves(state) if mine else None,
    )
