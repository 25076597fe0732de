"""Observation vectors and information-state strings, built only from what a seat may know.

Both adapters use these (they need no extra): the vector of a seat is made
from its :class:`golfo.View` alone, and its information-state string from
:func:`golfo.redacted_history` and the public hand results, so neither can
leak another seat's cards.

>>> import golfo
>>> from golfo.ext.features import ObservationEncoder, info_state_string
>>> rules = golfo.Rules(hands=1)
>>> enc = ObservationEncoder(rules, players=3)
>>> enc.size, enc.slices["hand"]
(112, slice(3, 31, None))
>>> state = golfo.deal_from(golfo.new_game(rules, players=3), golfo.DECK)
>>> vec = enc.encode(golfo.view(state, 1))
>>> len(vec) == enc.size and all(0.0 <= x <= 1.0 for x in vec)
True
>>> info_state_string(state, 1)
'p1 d1:3O d2 d0 d1:6O d2 d0'
"""

from __future__ import annotations

from typing import Final

from golfo.actions import CHANCE, Bet, Call, Deal, EndGame, Fold, NextHand, Pass, Raise
from golfo.ext.codec import chip_bound
from golfo.rules import Rules
from golfo.state import Phase, State
from golfo.views import Dealt, Discarded, View, ViewEvent, redacted_history

__all__ = ["ObservationEncoder", "event_string", "info_state_string", "view_string"]

_PHASES: Final = tuple(Phase)


class ObservationEncoder:
    """A fixed-size vector of floats in ``[0, 1]`` per :class:`golfo.View`.

    Chips are divided by :func:`golfo.ext.codec.chip_bound` (all chips in play),
    card counts by the hand size or the deck's size (5 and 28 in El Golfo), hand numbers
    and rebuys by the number of hands.  Cards (``hand``, ``discards``) have one place per
    card of the rules' deck, in canonical order (``card.index`` in El Golfo's 28), and
    ``discard_counts`` one per discard round and seat, so a variant
    (:data:`golfo.MINI`...) gets a shorter vector and El Golfo's stays as it was.
    ``private`` covers the viewer's seat and cards; ``public`` the rest;
    ``history`` (for information states) adds, per betting round and seat,
    whether it passed, called, folded, and the largest amount it bet or raised
    to.  :attr:`slices` names each piece.
    """

    def __init__(
        self,
        rules: Rules,
        players: int,
        *,
        private: bool = True,
        public: bool = True,
        history: bool = False,
    ) -> None:
        n = players
        deck = rules.deck
        self.players: Final = n
        """Seats at the table."""
        self.places: Final[dict[int, int]] = {card.index: i for i, card in enumerate(deck)}
        """A card's place (by ``card.index``) in the ``hand`` and ``discards`` pieces."""
        self.hand_size: Final = float(rules.hand_size)
        """Card counts of a seat are divided by this (the cards it holds once dealt)."""
        self.deck_size: Final = float(len(deck))
        """The stock's size is divided by this (the cards of the deck)."""
        self.discard_rounds: Final = rules.discard_rounds
        """The discard rounds of a hand."""
        self.first_deal: Final = rules.deal_sizes[0]
        """The cards each seat gets in the first deal."""
        before = tuple(r for r in rules.betting_rounds if r <= 2) or rules.betting_rounds[:1]
        self._before_discards: Final = before
        """The betting rounds played before any discard (both 1 and 2 only when a second
        deal lies between them: the rules refuse two rounds in a row)."""
        self.scale: Final = float(chip_bound(rules, players))
        """Chip amounts are divided by this (all the chips that can be in play)."""
        self.hands: Final = float(rules.hands or 1)
        """The hand number is divided by this (the hands of the game)."""
        self.private: Final = private
        """Whether the vector holds the seat and its cards."""
        self.public: Final = public
        """Whether the vector holds the public facts."""
        self.history: Final = history and public
        """Whether the vector holds the betting history (for perfect recall)."""
        pieces: list[tuple[str, int]] = []
        if private:
            pieces += [("seat", n), ("hand", len(deck))]
        if public:
            pieces += [
                ("phase", len(_PHASES)),
                ("to_act", n + 1),
                ("dealer", n),
                ("mano", n),
                ("dealt_in", n),
                ("folded", n),
                ("out", n),
                ("stacks", n),
                ("bets", n),
                ("committed", n),
                ("hand_sizes", n),
                ("stock", 1),
                ("discards", len(deck)),
                ("discard_counts", rules.discard_rounds * n),
                ("hand_number", 1),
                ("rebuys", n),
            ]
        if self.history:
            pieces += [("betting", 4 * n * 4)]
        self.slices: Final[dict[str, slice]] = {}
        """Where each piece of the vector lies, by name."""
        start = 0
        for name, size in pieces:
            self.slices[name] = slice(start, start + size)
            start += size
        self.size: Final = start
        """The length of the vector."""

    def encode(self, v: View) -> list[float]:
        """The vector of ``v`` (a seat's view, or a spectator's for public-only encoders)."""
        out = [0.0] * self.size
        s = self.slices
        n = self.players
        scale = self.scale

        def put(name: str, offset: int, value: float = 1.0) -> None:
            out[s[name].start + offset] = value

        if self.private:
            if v.seat is not None:
                put("seat", v.seat)
            for card in v.hand:
                put("hand", self.places[card.index])
        if not self.public:
            return out
        put("phase", _PHASES.index(v.phase))
        if v.to_act is CHANCE:
            put("to_act", n)
        elif isinstance(v.to_act, int):
            put("to_act", v.to_act)
        put("dealer", v.dealer)
        if v.dealt_in:
            put("mano", v.mano)
        for seat in v.dealt_in:
            put("dealt_in", seat)
        for seat in v.folded:
            put("folded", seat)
        for seat in v.out:
            put("out", seat)
        for seat in range(n):
            put("stacks", seat, v.stacks[seat] / scale)
            put("bets", seat, v.bets[seat] / scale)
            put("committed", seat, v.committed[seat] / scale)
            put("hand_sizes", seat, v.hand_sizes[seat] / self.hand_size)
            put("rebuys", seat, min(v.rebuys[seat] / self.hands, 1.0))
        put("stock", 0, v.stock_size / self.deck_size)
        rounds = [0] * n
        for d in v.discards:
            if d.cards is not None:
                for card in d.cards:
                    put("discards", self.places[card.index])
            if rounds[d.seat] < self.discard_rounds:
                put("discard_counts", rounds[d.seat] * n + d.seat, d.count / self.hand_size)
            rounds[d.seat] += 1
        put("hand_number", 0, min(v.hand_number / self.hands, 1.0))
        if self.history:
            self._betting(v, out)
        return out

    def _betting(self, v: View, out: list[float]) -> None:
        """Per betting round and seat: passed, called, folded, largest amount bet or raised to."""
        n = self.players
        base = self.slices["betting"].start
        first_deal = self.first_deal * len(v.dealt_in)
        before = self._before_discards
        dealt = 0
        discarded = [0] * n
        for e in v.history:
            if isinstance(e, Dealt):
                dealt += 1
                continue
            if isinstance(e, Discarded):
                discarded[e.seat] += 1
                continue
            if not isinstance(e, Pass | Call | Fold | Bet | Raise):
                continue
            most = max(discarded)
            if most:
                rnd = 1 + most
            elif len(before) == 1:
                rnd = before[0] - 1
            else:
                rnd = 0 if dealt <= first_deal else 1
            cell = base + (rnd * n + e.seat) * 4
            if isinstance(e, Pass):
                out[cell] = 1.0
            elif isinstance(e, Call):
                out[cell + 1] = 1.0
            elif isinstance(e, Fold):
                out[cell + 2] = 1.0
            else:
                out[cell + 3] = max(out[cell + 3], e.amount / self.scale)


def event_string(e: ViewEvent) -> str:
    """A short token per redacted event: ``d1:9O`` (dealt to seat 1; ``d1`` when hidden),
    ``x1:3O4C`` or ``x1#2`` (discards shown or face down), ``p1`` ``c1`` ``f1`` (pass, call,
    fold), ``b1:5`` ``r1:9`` (bet, raise to), ``/`` (next hand), ``end``.

    >>> import golfo
    >>> event_string(golfo.Raise(seat=2, amount=9)), event_string(golfo.Dealt(0, None))
    ('r2:9', 'd0')
    """
    match e:
        case Dealt(seat=seat, card=card):
            return f"d{seat}" if card is None else f"d{seat}:{card}"
        case Discarded(seat=seat, count=count, cards=cards):
            if cards is None:
                return f"x{seat}#{count}"
            return f"x{seat}:" + "".join(str(c) for c in sorted(cards))
        case Pass(seat=seat):
            return f"p{seat}"
        case Call(seat=seat):
            return f"c{seat}"
        case Fold(seat=seat):
            return f"f{seat}"
        case Bet(seat=seat, amount=amount):
            return f"b{seat}:{amount}"
        case Raise(seat=seat, amount=amount):
            return f"r{seat}:{amount}"
        case NextHand():
            return "/"
        case EndGame():
            return "end"
        case Deal(card=card):  # pragma: no cover - redacted histories hold Dealt instead
            return f"deal:{card}"
    raise AssertionError(f"unexpected event {e!r}")  # pragma: no cover


def _result_string(state: State, number: int) -> str:
    r = state.results[number]
    text = "=" + ",".join(f"{p:+d}" for p in r.payoffs)
    for seat, hand in enumerate(r.shown):
        if hand is not None:
            text += f" s{seat}:" + "".join(str(c) for c in hand)
    return text


def info_state_string(state: State, seat: int | None) -> str:
    """``seat``'s information state: its redacted history of the whole game, with each
    finished hand's public result (payoffs, hands shown) where the hand ended.

    It only ever grows as the game goes on (perfect recall); ``seat=None`` gives the
    public information only.
    """
    parts = ["pub" if seat is None else f"p{seat}"]
    hand = 0
    for e in redacted_history(state, seat):
        if isinstance(e, NextHand | EndGame):
            parts.append(_result_string(state, hand))
            hand += 1
        parts.append(event_string(e))
    if len(state.results) > hand:
        parts.append(_result_string(state, hand))
    return " ".join(parts)


def view_string(v: View) -> str:
    """A one-line summary of a view (the observation string): what the seat sees now.

    >>> import golfo
    >>> state = golfo.deal_from(golfo.new_game(golfo.Rules(hands=1), players=3), golfo.DECK)
    >>> view_string(golfo.view(state, 1))
    'p1 hand 1 BET_1 cards 3O 6O | to act 1 | stacks 99 99 99 bets 0 0 0 pot 3 | in 1 2 0'
    """
    who = "pub" if v.seat is None else f"p{v.seat}"
    to_act = "chance" if v.to_act is CHANCE else "-" if v.to_act is None else str(v.to_act)
    text = f"{who} hand {v.hand_number} {v.phase.name}"
    if v.seat is not None:
        text += f" cards {v.hand or '-'}"
    text += f" | to act {to_act} | stacks {' '.join(map(str, v.stacks))}"
    text += f" bets {' '.join(map(str, v.bets))} pot {v.pot}"
    text += " | in " + " ".join(map(str, v.in_hand))
    if v.discards:
        text += " | discards " + " ".join(event_string(d) for d in v.discards)
    if v.results and v.phase in (Phase.BETWEEN_HANDS, Phase.END):
        text += " | last " + ",".join(f"{p:+d}" for p in v.results[-1].payoffs)
    return text
