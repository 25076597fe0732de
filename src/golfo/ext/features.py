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
from golfo.ext.codec import chip_bound, max_amount
from golfo.rules import Rules
from golfo.state import Phase, State
from golfo.views import Dealt, Discarded, View, ViewEvent, redacted_history, view

__all__ = [
    "InfoStateEncoder",
    "ObservationEncoder",
    "event_string",
    "info_state_string",
    "raise_slots",
    "view_string",
]

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
            rnd = _round_index(before, max(discarded), dealt, first_deal)
            cell = base + (rnd * n + e.seat) * 4
            if isinstance(e, Pass):
                out[cell] = 1.0
            elif isinstance(e, Call):
                out[cell + 1] = 1.0
            elif isinstance(e, Fold):
                out[cell + 2] = 1.0
            else:
                out[cell + 3] = max(out[cell + 3], e.amount / self.scale)


def raise_slots(rules: Rules, players: int) -> int:
    """The most bets and raises one hand can hold: each lifts its round's current bet by at
    least a chip, so at most :func:`golfo.ext.codec.max_amount` in a hand (see
    :func:`golfo.ext.codec.max_moves`), and with ``rules.max_raises`` at most one bet and
    that many raises per betting round.

    >>> import golfo
    >>> raise_slots(golfo.Rules(hands=1), 3), raise_slots(golfo.MINI, 2)
    (99, 2)
    """
    most = max(max_amount(rules, players), 1)
    if rules.max_raises is not None:
        most = min(most, (1 + rules.max_raises) * len(rules.betting_rounds))
    return most


class InfoStateEncoder:
    """A fixed-size vector of floats one-to-one with a seat's information state
    (:func:`info_state_string`): two states give the same vector exactly when the seat
    cannot tell them apart, for games of at most ``hands`` hands.

    The vector is the seat's :class:`ObservationEncoder` vector (its view now: ``slices``
    as there) followed by ``hands`` blocks of :attr:`block_size` floats, the hand in play
    first, then the hands before it, most recent first (zeros for hands not played).  A
    block holds, for one hand (:attr:`block_slices`; ``n`` seats, ``K`` = ``raises``):

    - ``started`` 1 once the hand has begun;
    - ``received`` per card of the deck, the order in which the seat got it (``k / (hand
      size * (1 + discard rounds))``, ``k`` from 1), 0 if it did not;
    - ``discarded`` and ``discard_counts`` per discard round and seat: 1 once it has
      discarded, and how many cards (over the hand size); ``discards`` per card the seat
      saw discarded, ``(round * n + seat + 1) / (discard rounds * n)``;
    - ``passes`` and ``calls`` per betting round (0..3, as in ``history``) and seat: 1 if
      it passed, its calls over ``K``; ``folds`` per seat: ``(round + 1) / 4`` and the bets
      and raises of that round before it folded over ``K`` (zeros if it did not fold);
    - ``raises``: the hand's bets and raises in order, ``K`` slots of ``n + 2``: ``(round +
      1) / 4``, the seat one-hot, the amount (the round total) over the chip bound;
    - ``ended`` 1 once the hand is over, with its ``payoffs`` over the chip bound (negative
      for a loss) and ``shown`` per card of a hand shown, ``(seat + 1) / n``.

    Who acted between two bets is the rules' turn order, so the passes, calls and folds
    above and the raises' order give every betting action; the view's seat to act and
    phase tell how far the betting in play has gone.  ``K`` defaults to
    :func:`raise_slots`, the most a hand can hold, and ``hands`` to ``rules.hands`` (1 if
    unset): a game that goes on longer (extra hands on a tie) keeps its last ``hands`` hands
    only, and a smaller ``raises`` drops a hand's bets and raises beyond it; then the vector
    is no longer one-to-one.

    >>> import golfo
    >>> rules = golfo.Rules(hands=1)
    >>> enc = InfoStateEncoder(rules, players=3)
    >>> enc.size, enc.block_size, enc.block_slices["raises"]
    (738, 626, slice(99, 594, None))
    >>> state = golfo.deal_from(golfo.new_game(rules, players=3), golfo.DECK)
    >>> vec = enc.encode(state, 1)
    >>> vec[enc.slices["hands"].start + enc.block_slices["received"].start]   # 3O, first
    0.0666...
    """

    def __init__(
        self, rules: Rules, players: int, *, hands: int | None = None, raises: int | None = None
    ) -> None:
        window = (rules.hands or 1) if hands is None else hands
        slots = raise_slots(rules, players) if raises is None else raises
        for name, value in (("hands", window), ("raises", slots)):
            if type(value) is not int or value < 1:
                raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
        self.view_encoder: Final = ObservationEncoder(rules, players)
        """The encoder of the seat's view now: the vector's first part."""
        n = players
        deck = len(rules.deck)
        rounds = rules.discard_rounds
        self.players: Final = n
        """Seats at the table."""
        self.hands: Final = window
        """The hands kept: the hand in play and the ones before it."""
        self.raises: Final = slots
        """Bet and raise slots per hand."""
        self.received_scale: Final = float(rules.hand_size * (1 + rounds))
        """The most cards a seat gets in a hand: ``received`` is divided by this."""
        pieces = [
            ("started", 1),
            ("received", deck),
            ("discarded", rounds * n),
            ("discard_counts", rounds * n),
            ("discards", deck),
            ("passes", 4 * n),
            ("calls", 4 * n),
            ("folds", 2 * n),
            ("raises", slots * (n + 2)),
            ("ended", 1),
            ("payoffs", n),
            ("shown", deck),
        ]
        self.block_slices: Final[dict[str, slice]] = {}
        """Where each piece of a hand's block lies, from the block's start."""
        start = 0
        for name, size in pieces:
            self.block_slices[name] = slice(start, start + size)
            start += size
        self.block_size: Final = start
        """The floats of one hand's block."""
        base = self.view_encoder.size
        self.size: Final = base + window * start
        """The length of the vector."""
        self.slices: Final[dict[str, slice]] = {
            **self.view_encoder.slices,
            "hands": slice(base, self.size),
        }
        """The view's pieces (as :class:`ObservationEncoder`'s) and ``hands``, the blocks."""

    def encode(self, state: State, seat: int | None) -> list[float]:
        """The vector of ``seat``'s information state in ``state`` (``None``: public)."""
        out = self.view_encoder.encode(view(state, seat))
        out += [0.0] * (self.size - len(out))
        hands: list[list[ViewEvent]] = [[]]
        for e in redacted_history(state, seat):
            if isinstance(e, NextHand):
                hands.append([])
            else:
                hands[-1].append(e)
        last = len(hands) - 1
        base = self.view_encoder.size
        for number in range(max(0, last - self.hands + 1), last + 1):
            ended = number < len(state.results)
            dealt_in = state.results[number].dealt_in if ended else state.dealt_in
            at = base + (last - number) * self.block_size
            self._hand(out, at, hands[number], dealt_in)
            if ended:
                self._result(out, at, state, number)
        return out

    def _hand(
        self, out: list[float], at: int, events: list[ViewEvent], dealt_in: tuple[int, ...]
    ) -> None:
        """One hand's events into its block at ``at``."""
        s = self.block_slices
        n = self.players
        enc = self.view_encoder
        places = enc.places
        rounds = enc.discard_rounds
        slots = self.raises
        first_deal = enc.first_deal * len(dealt_in)
        out[at + s["started"].start] = 1.0
        received = 0
        dealt = 0
        discarded = [0] * n
        bets = [0] * 4  # bets and raises per betting round
        made = 0  # bets and raises in the hand
        calls = [0] * (4 * n)
        for e in events:
            if isinstance(e, Dealt):
                dealt += 1
                if e.card is not None:
                    received += 1
                    out[at + s["received"].start + places[e.card.index]] = (
                        received / self.received_scale
                    )
                continue
            if isinstance(e, Discarded):
                r = discarded[e.seat]
                if r < rounds:
                    cell = r * n + e.seat
                    out[at + s["discarded"].start + cell] = 1.0
                    out[at + s["discard_counts"].start + cell] = e.count / enc.hand_size
                    if e.cards is not None:
                        code = (cell + 1) / (rounds * n)
                        for card in e.cards:
                            out[at + s["discards"].start + places[card.index]] = code
                discarded[e.seat] += 1
                continue
            if not isinstance(e, Pass | Call | Fold | Bet | Raise):
                continue
            rnd = _round_index(enc._before_discards, max(discarded), dealt, first_deal)
            if isinstance(e, Pass):
                out[at + s["passes"].start + rnd * n + e.seat] = 1.0
            elif isinstance(e, Call):
                calls[rnd * n + e.seat] += 1
            elif isinstance(e, Fold):
                cell = at + s["folds"].start + 2 * e.seat
                out[cell] = (rnd + 1) / 4
                out[cell + 1] = bets[rnd] / slots
            else:
                bets[rnd] += 1
                if made < slots:
                    cell = at + s["raises"].start + made * (n + 2)
                    out[cell] = (rnd + 1) / 4
                    out[cell + 1 + e.seat] = 1.0
                    out[cell + 1 + n] = e.amount / enc.scale
                made += 1
        for i, count in enumerate(calls):
            if count:
                out[at + s["calls"].start + i] = count / slots

    def _result(self, out: list[float], at: int, state: State, number: int) -> None:
        """Hand ``number``'s public result into its block at ``at``."""
        s = self.block_slices
        n = self.players
        places = self.view_encoder.places
        r = state.results[number]
        out[at + s["ended"].start] = 1.0
        for seat, payoff in enumerate(r.payoffs):
            out[at + s["payoffs"].start + seat] = payoff / self.view_encoder.scale
        for seat, hand in enumerate(r.shown):
            if hand is not None:
                for card in hand:
                    out[at + s["shown"].start + places[card.index]] = (seat + 1) / n


def _round_index(before: tuple[int, ...], most: int, dealt: int, first_deal: int) -> int:
    """The betting round (0..3) of a betting action of a hand: after the ``most`` discards of
    any seat so far (``1 + most``), else the only round before the discards, else the first
    or second by the cards dealt so far (``dealt`` against the first deal's ``first_deal``)."""
    if most:
        return 1 + most
    if len(before) == 1:
        return before[0] - 1
    return 0 if dealt <= first_deal else 1


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
