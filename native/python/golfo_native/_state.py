"""``NativeState``: a game of El Golfo played by the Rust engine, spoken to in golfo's
objects (``golfo.Rules``, actions, ``golfo.LegalMoves``, ``golfo.State``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import golfo
from golfo.actions import CHANCE, Action, Chance
from golfo.cards import Card, cards_of
from golfo.errors import CodecError, IllegalActionError, RulesError, SeatError
from golfo.hand import Hand
from golfo.moves import DEALS, LegalMoves
from golfo.rules import Rules
from golfo.state import HandResult, Phase, State
from golfo.views import Dealt, Discarded, View, ViewEvent
from golfo_native import _core
from golfo_native._convert import (
    PHASE_INDEX,
    PHASES,
    action_of,
    engine_rules,
    flat,
    result_args,
    result_json,
    result_of,
    texts,
)
from golfo_native._errors import illegal, not_an_action

__all__ = ["NativeState"]

_EMPTY: Final = range(0)
_NO_HAND: Final = Hand()
_NO_CARDS: Final[frozenset[Card]] = frozenset()
_MOVES: Final = dict(LegalMoves(None).__dict__)
"""The fields of an empty ``LegalMoves``: :meth:`NativeState.legal_moves` copies them and sets
a few, as ``golfo.legal_moves`` does, instead of running attrs' ``__init__`` and converters."""
_new: Final = object.__new__
_set_fields: Final = LegalMoves.__dict__["__dict__"].__set__
_CARD_SETS: Final = tuple(
    tuple(frozenset(cards_of(bits << 7 * k)) for bits in range(128)) for k in range(4)
)
"""The cards of seven bits of a mask, per group of seven: a set of cards is the union of
four, whose hashes are kept (hashing each card again costs three times more)."""
_DEAL_ROWS: Final = tuple(
    tuple(tuple(DEALS[7 * k + i] for i in range(7) if bits >> i & 1) for bits in range(128))
    for k in range(4)
)
"""``golfo.Deal`` of the cards of seven bits of a mask, per group of seven (shared objects)."""
_CODEC_BOUNDS: dict[tuple[Rules, int], int] = {}  # max_amount per rules and seats


def _to_act(code: int) -> int | Chance | None:
    return CHANCE if code == -1 else None if code == -2 else code


def _legal_moves(found: _core.MovesArgs) -> LegalMoves:
    """The ``golfo.LegalMoves`` of the engine's tuple, made as ``golfo.legal_moves`` makes
    its own: the defaults' fields copied, a few set (attrs' ``__init__`` and its converters
    cost more than the engine's answer)."""
    actor, can_pass, can_fold, call, bets, raises, dmax, dfrom, deals, nxt, end = found
    d = _MOVES.copy()
    d["seat"] = CHANCE if actor == -1 else None if actor == -2 else actor
    if can_pass:
        d["can_pass"] = True
    if can_fold:
        d["can_fold"] = True
    if call is not None:
        d["call"] = call
    if bets[0] < bets[1]:
        d["bets"] = range(*bets)
    if raises[0] < raises[1]:
        d["raises"] = range(*raises)
    if dmax is not None:
        d["discard_max"] = dmax
        d["discard_from"] = Hand.from_mask(dfrom)
    if deals:
        a, b, c, e = _CARD_SETS
        d["deals"] = frozenset().union(
            a[deals & 127], b[deals >> 7 & 127], c[deals >> 14 & 127], e[deals >> 21]
        )
    if nxt:
        d["next_hand"] = True
    if end:
        d["end_game"] = True
    moves: LegalMoves = _new(LegalMoves)
    _set_fields(moves, d)
    return moves


class NativeState:
    """A game of El Golfo in the Rust engine: the same game as golfo's :class:`golfo.State`
    reached by the same actions, every rule and edge case included.

    Build one with :meth:`new_game` or :meth:`from_state`.  :meth:`apply` is pure (a new
    state); :meth:`play` and :meth:`apply_id` change this one in place (the fast path).
    :meth:`to_state` gives the ``golfo.State``, equal to the Python reducer's.

    >>> import golfo
    >>> dealt = golfo.deal_from(golfo.new_game(golfo.LUDOTEKA, players=3), golfo.DECK)
    >>> s = NativeState.from_state(dealt)
    >>> s.to_act, s.legal_moves().bets
    (1, range(1, 21))
    >>> s.play(golfo.Bet(1, 5)); s.to_act, s.to_state().pot
    (2, 20)
    >>> s.is_legal(golfo.Bet(2, 5))   # the betting is open: call, raise or fold
    False
    """

    __slots__ = ("_bound", "_g", "_moves", "_results", "rules")

    rules: Rules
    """The rule settings (the ``golfo.Rules`` given)."""

    def __init__(self, game: _core.Game, rules: Rules, results: tuple[HandResult, ...] = ()):
        """Wrap an engine game (use :meth:`new_game` or :meth:`from_state`)."""
        self._g = game
        self.rules = rules
        self._results = results  # the results converted so far (they never change)
        self._bound = 0  # the codec's max_amount, looked up once (0: not yet)
        self._moves: tuple[int, LegalMoves] | None = None  # (version, its legal moves)

    # -- building --------------------------------------------------------------

    @classmethod
    def new_game(
        cls, rules: Rules, players: int, dealer: int = 0, stacks: Sequence[int] | None = None
    ) -> NativeState:
        """A new game, as ``golfo.new_game(rules, players=..., dealer=..., stacks=...)``:
        the first hand's antes posted, its first deal pending.  Bad arguments raise
        :class:`golfo.RulesError` with golfo's messages."""
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a golfo.Rules, got {rules!r}")
        if type(players) is not int or players not in rules.table_sizes:
            rules.check_players(players)  # R1: the rules' table sizes; raises golfo's error
        if type(dealer) is not int or not 0 <= dealer < players:
            raise RulesError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
        start: list[int] | None = None
        if stacks is not None:
            start = list(stacks)
            if len(start) != players or any(type(x) is not int or x < 0 for x in start):
                raise RulesError(f"stacks must be {players} whole numbers >= 0, got {stacks!r}")
            if rules.rebuy and min(start) < rules.ante:
                raise RulesError(
                    f"with rebuys every starting stack must be at least the ante "
                    f"({rules.ante}), got {stacks!r}: a rebuy gives the seat its starting "
                    f"stack again (R17)"
                )
        try:
            game = _core.Game.new_game(engine_rules(rules), players, dealer, start)
        except ValueError as error:
            if str(error) == "fewer":
                fewest = rules.min_players
                raise RulesError(
                    f"fewer than {fewest} seats can pay the ante: no game (R17)"
                ) from None
            raise RulesError(
                f"the first dealer, seat {dealer}, cannot pay the ante (R17)"
            ) from None
        return cls(game, rules)

    @classmethod
    def from_state(cls, state: State) -> NativeState:
        """The Rust engine's copy of a ``golfo.State`` (its history and results too)."""
        if not isinstance(state, State):
            raise TypeError(f"expected a golfo.State, got {state!r}")
        to_act = state.to_act
        code = -1 if to_act is CHANCE else -2 if to_act is None else to_act
        assert isinstance(code, int)
        log = []
        for action, actor in reversed(list(golfo.state.log_entries(state.log))):
            kind, seat, value = flat(action) or (9, 0, 0)
            log.append((kind, seat, value, -1 if actor is None else actor))
        game = _core.Game.from_fields(
            engine_rules(state.rules),
            (
                state.players,
                state.dealer,
                state.hand_number,
                PHASE_INDEX[state.phase],
                code,
                state.version,
                state.needs,
                state.first_dealer,
                0,
            ),
            (
                list(state.stacks),
                list(state.bets),
                list(state.committed),
                list(state.rebuys),
                list(state.initial_stacks),
            ),
            list(state.dealt_in),
            (list(state.hand_masks), state.stock_mask, state.discard_mask, state.dead_mask),
            list(state.pending),
            sorted(state.folded),
            sorted(state.out),
            log,
            [result_args(r) for r in state.results],
        )
        return cls(game, state.rules, state.results)

    def copy(self) -> NativeState:
        """An independent copy."""
        new: NativeState = _new(NativeState)  # __init__'s fields, set without the call
        new._g = self._g.copy()
        new.rules = self.rules
        new._results = self._results
        new._bound = self._bound
        new._moves = None
        return new

    __copy__ = copy

    # -- acting ----------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Apply ``action`` to this state, in place (the fast path).  A refusal raises
        :class:`golfo.IllegalActionError` (rule, code, facts and message as golfo's) and
        leaves the state unchanged."""
        f = flat(action)
        if f is None:
            raise not_an_action(self, action)
        refusal = self._g.play(*f)
        if refusal is not None:
            raise illegal(self, action, refusal)

    def apply(self, action: Action) -> NativeState:
        """The state after ``action``, as ``golfo.apply``; this one is never changed."""
        new = self.copy()
        new.play(action)
        return new

    def is_legal(self, action: object) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        f = flat(action)
        if f is None:
            return False
        trial = self._g.copy()
        return trial.play(*f) is None

    def _max_amount(self) -> int:
        if self._bound:
            return self._bound  # cached per state: hashing Rules costs more than an action
        key = (self.rules, self.players)
        bound = _CODEC_BOUNDS.get(key)
        if bound is None:
            from golfo.ext.codec import max_amount

            bound = _CODEC_BOUNDS[key] = max(max_amount(self.rules, self.players), 1)
        self._bound = bound
        return bound

    def legal_ids(self) -> list[int]:
        """The legal ids of ``golfo.ext.codec.ActionCodec.for_rules(rules, players)``
        (``mode="exact"``), sorted; when chance is to act, the card indices of the stock
        (0..27, the codec's chance outcomes)."""
        bound = self._bound or self._max_amount()
        try:
            return self._g.legal_ids(bound)
        except OverflowError as error:
            raise CodecError(
                f"amount {error.args[0]} is over this codec's max_amount {bound}: "
                "build it with ActionCodec.for_rules"
            ) from None

    def apply_id(self, action_id: int) -> None:
        """Apply the action of a legal id (see :meth:`legal_ids`) in place.  An id outside
        the codec's range raises :class:`golfo.CodecError`; one not legal now,
        :class:`golfo.IllegalActionError` (the state unchanged)."""
        bound = self._bound or self._max_amount()
        if type(action_id) is int and abs(action_id) < 2**62 and self._g.apply_id(bound, action_id):
            return  # the usual case: checks and the action in one call into Rust
        size = 28 if self._g.to_act == -1 else self._id_count(bound)
        if type(action_id) is not int or not 0 <= action_id < size:
            raise CodecError(f"action id must be 0..{size - 1}, got {action_id!r}")
        legal = tuple(self.legal_ids())
        raise IllegalActionError(
            f"action id {action_id} is not legal now; legal ids: {legal}",
            action=action_id,
            legal=legal,
        )

    def _id_count(self, bound: int) -> int:
        """The codec's ``num_distinct_actions``: the amounts, Pass, Call, Fold, the
        variant's discard ids, NextHand and EndGame."""
        from golfo.ext.codec import discard_ids

        return bound + 6 + discard_ids(self.rules)

    def heuristic_action(self) -> Action | None:
        """What ``golfo.HeuristicBot().choose(golfo.view(state, seat))`` chooses for the
        seat to act, computed in Rust (``None`` when no seat is to act)."""
        f = self._g.heuristic_action()
        return None if f is None else action_of(*f)

    def range_action(self, seed: int = 0, samples: int = 120) -> Action | None:
        """What golfo's ``RangeBot`` (and so ``StrongBot``) chooses for the seat to act,
        computed in Rust (``None`` when no seat is to act): its discard exactly as the
        Python bot's; its betting on an equity of ``samples`` Monte Carlo play-outs drawn
        with a generator seeded with ``seed`` (not the Python bot's draws). Its evidence is
        this game's history."""
        f = self._g.range_action(seed % 2**64, samples)
        return None if f is None else action_of(*f)

    def range_equity(self, seed: int = 0, samples: int = 120) -> float | None:
        """``RangeBot``'s weighted equity for the seat to act, computed in Rust (see
        :meth:`range_action`; ``None`` when no seat is to act)."""
        return self._g.range_equity(seed % 2**64, samples)

    def strong_action(self, seed: int = 0, samples: int = 120) -> Action | None:
        """What golfo's ``StrongBot`` chooses: today :meth:`range_action`."""
        return self.range_action(seed, samples)

    def strong_equity(self, seed: int = 0, samples: int = 120) -> float | None:
        """``StrongBot``'s weighted equity: today :meth:`range_equity`."""
        return self.range_equity(seed, samples)

    def action_of_id(self, action_id: int) -> Action | None:
        """The golfo action of a legal id, or ``None``."""
        f = self._g.decode_id(self._max_amount(), action_id)
        return None if f is None else action_of(*f)

    # -- reading ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self._g.fields()[0]

    @property
    def phase(self) -> Phase:
        """Where the game is (a ``golfo.Phase``)."""
        return PHASES[self._g.phase]

    @property
    def to_act(self) -> int | Chance | None:
        """The seat to act, ``golfo.CHANCE``, or ``None``."""
        return _to_act(self._g.to_act)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._g.phase == 10

    @property
    def version(self) -> int:
        """Actions applied since the new game."""
        return self._g.version

    @property
    def receiver(self) -> int | None:
        """The seat the next deal goes to, if chance is to act."""
        pending = self._g.fields()[14]
        return pending[0] if pending else None

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's ``golfo.HandResult``."""
        have = len(self._results)
        if self._g.results_len() > have:
            self._results += tuple(result_of(r) for r in self._g.results(have))
        return self._results

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in the betting round in play, as ``golfo.State.bets``."""
        return tuple(self._g.fields()[6])

    @property
    def pot(self) -> int:
        """The chips in the pot of the hand in play, as ``golfo.State.pot``."""
        return sum(self._g.fields()[7])

    @property
    def stock_mask(self) -> int:
        """The cards in the stock, as ``golfo.State.stock_mask``'s bits."""
        return self._g.fields()[11]

    @property
    def rebuys(self) -> tuple[int, ...]:
        """Rebuys taken per seat, as ``golfo.State.rebuys``."""
        return tuple(self._g.fields()[16])

    @property
    def winner(self) -> int | None:
        """``golfo.standings(state).winner`` (R16, R18)."""
        return self._g.winner()

    def legal_moves(self) -> LegalMoves:
        """The legal moves, equal to ``golfo.legal_moves(state)`` (kept until the next
        action: asking again costs a lookup; ``deals`` is the same set of cards, though a
        set's iteration order may differ from golfo's)."""
        g = self._g
        version = g.version
        kept = self._moves
        if kept is not None and kept[0] == version:
            return kept[1]
        moves = _legal_moves(g.moves())
        self._moves = (version, moves)
        return moves

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action, as ``golfo.legal_actions(state)``: in its order, shared
        objects, each amount and each discard an action (at large stacks, prefer
        :meth:`legal_moves`'s ranges)."""
        g = self._g
        found = g.moves()
        deals = found[8]
        if deals:  # chance: the deals of the stock, four lookups
            a, b, c, d = _DEAL_ROWS
            return a[deals & 127] + b[deals >> 7 & 127] + c[deals >> 14 & 127] + d[deals >> 21]
        version = g.version
        kept = self._moves
        if kept is not None and kept[0] == version:
            moves = kept[1]
        else:
            moves = _legal_moves(found)
            self._moves = (version, moves)
        return tuple(moves)

    def to_state(self) -> State:
        """The ``golfo.State`` of this game: ``==`` to the one golfo's reducer reaches by
        the same actions (history, results and version included)."""
        f = self._g.fields()
        node: Any = None
        for kind, seat, value, actor in self._g.log():
            node = (node, action_of(kind, seat, value), None if actor < 0 else actor)
        return State(
            rules=self.rules,
            players=f[0],
            dealer=f[1],
            hand_number=f[2],
            phase=PHASES[f[3]],
            to_act=_to_act(f[4]),
            stacks=tuple(f[5]),
            bets=tuple(f[6]),
            committed=tuple(f[7]),
            folded=frozenset(f[8]),
            dealt_in=tuple(f[9]),
            hand_masks=tuple(f[10]),
            stock_mask=f[11],
            discard_mask=f[12],
            dead_mask=f[13],
            pending=tuple(f[14]),
            needs=f[15],
            rebuys=tuple(f[16]),
            out=frozenset(f[17]),
            results=self.results,
            initial_stacks=tuple(f[18]),
            first_dealer=f[19],
            version=f[20],
            log=node,
        )

    def observe(self) -> dict[str, Any]:
        """What ``golfo.conformance.protocol.observation(state)`` gives for this game."""
        f = self._g.fields()
        _, can_pass, can_fold, call, bets, raises, dmax, _, deals, nxt, end = self._g.moves()
        to_act = f[4]
        return {
            "phase": PHASES[f[3]].value,
            "to_act": "chance" if to_act == -1 else None if to_act == -2 else to_act,
            "hand_number": f[2],
            "dealer": f[1],
            "mano": f[9][0],
            "stacks": f[5],
            "bets": f[6],
            "pot": sum(f[7]),
            "folded": f[8],
            "hands": [texts(m) for m in f[10]],
            "stock": f[11].bit_count(),
            "is_over": f[3] == 10,
            "results": [result_json(r) for r in self._g.results(0)],
            "winner": self._g.winner(),
            "moves": {
                "pass": can_pass,
                "call": call,
                "fold": can_fold,
                "bet": [bets[0], bets[1] - 1] if bets[0] < bets[1] else None,
                "raise": [raises[0], raises[1] - 1] if raises[0] < raises[1] else None,
                "discard_max": dmax,
                "deals": texts(deals),
                "next_hand": nxt,
                "end_game": end,
            },
        }

    def view_object(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: a spectator), as a ``golfo.View``; the
        redaction of the history is the Rust engine's."""
        f = self._g.fields()
        players = f[0]
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise SeatError(f"seat must be None or 0..{players - 1}, got {seat!r}")
        events: list[ViewEvent] = []
        for e in self._g.view_events(seat):
            if e[0] == 0:
                card = e[2]
                events.append(Dealt(e[1], None if card is None else golfo.DECK[card]))
            elif e[0] == 1:
                _, who, count, mask = e
                cards = None if mask is None else frozenset(cards_of(mask))
                events.append(Discarded(who, count, cards))
            else:
                _, kind, who, value = e
                events.append(action_of(kind, who, value))
        to_act = _to_act(f[4])
        return View(
            seat=seat,
            version=f[20],
            rules=self.rules,
            players=players,
            hand_number=f[2],
            dealer=f[1],
            dealt_in=tuple(f[9]),
            phase=PHASES[f[3]],
            to_act=to_act,
            stacks=tuple(f[5]),
            bets=tuple(f[6]),
            committed=tuple(f[7]),
            folded=frozenset(f[8]),
            rebuys=tuple(f[16]),
            out=frozenset(f[17]),
            hand=Hand.from_mask(f[10][seat]) if seat is not None else _NO_HAND,
            hand_sizes=tuple(m.bit_count() for m in f[10]),
            stock_size=f[11].bit_count(),
            discards=tuple(e for e in events if isinstance(e, Discarded)),
            history=tuple(events),
            results=self.results,
            moves=self.legal_moves() if seat is not None and to_act == seat else None,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view in the wire's form, as the protocol's ``view`` command answers
        (``golfo.wire.to_data(golfo.view(state, seat))``).  The redaction is the Rust
        engine's; the words and buttons are golfo's presentation (``golfo.wire``)."""
        from golfo.wire import view_data

        return view_data(self.view_object(seat))

    def perft(self, depth: int, deck: Iterable[Card]) -> int:
        """The number of distinct sequences of ``depth`` actions from here, chance dealing
        the first card of ``deck`` still in the stock (``golfo.conformance.perft``)."""
        return self._g.perft(depth, [c.index for c in deck])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NativeState):
            return NotImplemented
        return self.rules == other.rules and self._g.equals(other._g)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        f = self._g.fields()
        return (
            f"<NativeState hand {f[2]} {PHASES[f[3]].name} to_act={_to_act(f[4])!r} "
            f"stacks={tuple(f[5])} pot={sum(f[7])} after {f[20]} actions>"
        )
