"""The lockstep runner: ``golfo conformance run --engine "COMMAND"``.

It starts the implementation under test as a program speaking ``golfo-engine/1`` and plays
golfo and it side by side: the conformance vectors first (every step's observation, every
listed action accepted, every refused action refused, the views where the engine offers
them), then seeded random games over many rule sets that also try illegal actions (every
other one on a random variant of the rules, :mod:`golfo.conformance.variants`, when the engine
announces ``variants``; vectors and corpus games of a variant are for those engines too).  At
the first divergence of a game it stops that game, reports the step, the rules it exercises,
golfo's state (the phase, who acts, the pot, the hands), the last actions and the field that
differs with both values, and writes a record of the shortest prefix that reproduces it (in
:attr:`Runner.divergence_dir`, if given).  Every game's :class:`Outcome` is kept, for the
reports (:mod:`golfo.conformance.report`); a divergence an implementation declared
(:class:`KnownDifferences`) is a known difference, not a failure.
"""

from __future__ import annotations

import collections
import concurrent.futures
import io
import json
import multiprocessing
import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final

import attrs

from golfo.actions import (
    CHANCE,
    Action,
    Bet,
    Call,
    Deal,
    Discard,
    EndGame,
    Fold,
    NextHand,
    Pass,
    Raise,
)
from golfo.cards import DECK
from golfo.conformance.engine import (
    TIMEOUT,
    Engine,
    EngineError,
    apply_request,
    new_game_request,
    replayed,
    started,
)
from golfo.conformance.findings import (
    ACTION_RULES,
    FIELD_RULES,
    VIEW_RULES,
    Divergence,
    GameInfo,
    KnownDifferences,
    Outcome,
    Selection,
    WordsGap,
    first_path,
    normalized,
    split_words,
)
from golfo.conformance.protocol import OBSERVATION_KEYS, observation
from golfo.conformance.suite import VECTORS, Game, corpus_games, vector_games
from golfo.conformance.variants import random_variant_setup
from golfo.errors import GolfoError, IllegalActionError
from golfo.moves import legal_actions, legal_moves
from golfo.records import to_json
from golfo.reducer import apply, is_legal, new_game
from golfo.rules import LUDOTEKA, TRADICIONAL, Rules
from golfo.state import Phase, State
from golfo.views import view
from golfo.wire import action_data, to_data

__all__ = [
    "TIMEOUT",
    "VECTORS",
    "Divergence",
    "Engine",
    "EngineError",
    "Runner",
    "choose",
    "first_difference",
    "illegal_actions",
    "random_setup",
]

Step = tuple[Action, list[Action]]
"""One step of a game: the action to apply, and the actions to refuse before it."""
PIPELINE: Final = 256
"""Requests the runner sends ahead of the answers it has checked."""


@attrs.frozen
class _Check:
    state: State  # golfo's state when the request is sent
    kind: str  # start, replay, observe, view, refuse, accept
    request: dict[str, Any]
    expected: Any = None  # the observation, the view, or the action applied or refused


class _GapError(Exception):
    def __init__(
        self, field: str, ours: Any, theirs: Any, *, extra: Action | None = None,
        tried: Action | None = None,
    ) -> None:  # fmt: skip
        super().__init__(field)
        self.field = field
        self.ours = ours
        self.theirs = theirs
        self.extra = extra  # an action to append to the prefix record (legal in golfo)
        self.tried = tried  # the action accepted or refused, when that is what differs


_BEHIND_RESULTS: Final = ("stacks", "bets", "pot")
"""Keys compared before ``results`` that a wrong result also changes: when one of them and
``results`` both differ, the results' difference is named (it says why)."""


def first_difference(ours: dict[str, Any], theirs: dict[str, Any]) -> tuple[str, Any, Any] | None:
    """The first key of an observation where the engine's differs from golfo's (in
    :data:`OBSERVATION_KEYS` order; ``results`` before ``stacks``, ``bets`` and ``pot`` when
    it differs too), with both values; a path into ``results``
    (``results[0].pots[1].winner``) and a key of ``moves`` (``moves.raise``).  Shown hands
    compare as sets of cards."""

    def value(key: str, data: dict[str, Any]) -> Any:
        return normalized(data[key]) if key == "results" else data[key]

    differing = [
        k for k in OBSERVATION_KEYS if k not in theirs or value(k, theirs) != value(k, ours)
    ]
    if not differing:
        return None
    key = differing[0]
    if key in _BEHIND_RESULTS and "results" in differing:
        key = "results"
    if key not in theirs:
        return key, ours[key], "(missing)"
    if key == "moves" and isinstance(theirs[key], dict):
        for sub, wanted in ours[key].items():
            if theirs[key].get(sub) != wanted:
                return f"moves.{sub}", wanted, theirs[key].get(sub, "(missing)")
    if key == "results":
        return first_path(value(key, ours), value(key, theirs), key)
    return key, ours[key], theirs[key]


def situation(state: State) -> str:
    """golfo's state for a divergence's report: the phase, who acts, the pot, the bets, the
    stacks and every seat's hand."""
    to_act = state.to_act
    who = (
        "chance deals" if to_act is CHANCE
        else f"seat {to_act} acts" if isinstance(to_act, int)
        else "nobody acts"
    )  # fmt: skip
    hands = ", ".join(
        f"{s}: {' '.join(str(c) for c in hand) or ('folded' if s in state.folded else '-')}"
        for s, hand in enumerate(state.hands)
    )
    return (
        f"{state.phase.value}, {who}; pot {state.pot}, bets {list(state.bets)}, "
        f"stacks {list(state.stacks)}; hands {hands}"
    )


def exercised(state: State, gap: _GapError) -> tuple[str, ...]:
    """The rules a divergence's step exercises: :data:`FIELD_RULES` of the key that differs
    (:data:`VIEW_RULES` in a view), golfo's rule for an action it refuses,
    :data:`ACTION_RULES` for one it accepts."""
    if gap.tried is not None and gap.field.startswith("refuses"):
        try:
            apply(state, gap.tried)
        except IllegalActionError as error:
            return (error.rule,) if error.rule else ()
        return ()
    if gap.tried is not None:
        return ACTION_RULES.get(str(action_data(gap.tried)["type"]), ())
    field = gap.field
    if field.startswith("view of "):
        key = re.split(r"[.\[]", field.partition(".")[2] or "?", maxsplit=1)[0]
        return VIEW_RULES.get(key, FIELD_RULES.get(key, ()))
    key = field.split("[", 1)[0]
    return FIELD_RULES.get(key, FIELD_RULES.get(key.split(".", 1)[0], ()))


# ---------------------------------------------------------------------------
# illegal actions to try


def illegal_actions(state: State, rng: random.Random) -> list[Action]:
    """A few actions golfo refuses in ``state``: amounts one past the range, the wrong
    seat, cards not held, more cards than the stock holds, a deal not due, anything after
    the end.  Only those golfo really refuses are returned."""
    moves = legal_moves(state)
    seat = state.to_act if isinstance(state.to_act, int) else rng.randrange(state.players)
    other = (seat + 1) % state.players
    out: list[Action] = [Pass(other), Call(other), Fold(seat), NextHand(), EndGame()]
    if moves.bets:
        out += [Bet(seat, moves.bets[-1] + 1), Bet(seat, moves.bets[0] - 1)]
    if moves.raises:
        out += [Raise(seat, moves.raises[-1] + 1)]
    out += [Raise(seat, state.current_bet + 1), Bet(seat, 1), Call(seat), Pass(seat)]
    hand = state.hands[seat]
    stranger = next(c for c in rng.sample(DECK, 28) if c not in hand)
    out += [Discard(seat, [stranger]), Discard(seat, list(hand))]
    out.append(Deal(rng.choice(DECK)))
    candidates = [a for a in out if a not in moves]  # LegalMoves answers as apply would
    chosen = rng.sample(candidates, min(2, len(candidates)))
    return [a for a in chosen if not is_legal(state, a)]  # and apply confirms it


def choose(state: State, rng: random.Random) -> Action:
    """A legal action: chance deals a random card; a seat picks a kind of action at random,
    then an amount or discard at random (all-ins and minimums often)."""
    actions = legal_actions(state)
    if state.to_act is CHANCE:
        return rng.choice(actions)
    kinds: dict[type, list[Action]] = {}
    for a in actions:
        kinds.setdefault(type(a), []).append(a)
    options = kinds[rng.choice(list(kinds))]
    if len(options) > 2 and rng.random() < 0.4:
        return rng.choice([options[0], options[-1]])
    return rng.choice(options)


def random_setup(rng: random.Random) -> State:
    """A new game for lockstep play: a preset or custom rules, 3 or 4 seats, stacks from 1
    to 10,000, deals in pairs or not, discards face up or down, a short game or an
    open-ended one.  Custom rules draw every setting on its own, so every combination of
    the flags comes up (open-ended with extra hands on a tie and no rebuys included); a
    game with extra hands on a tie has an ante (with none, a tie could last for ever)."""
    while True:
        base = rng.choice([TRADICIONAL, LUDOTEKA, None])
        if base is None:
            extra = rng.random() < 0.5
            ante = rng.randint(1 if extra else 0, 5)
            caps = None
            if rng.random() < 0.5:
                first = rng.randint(max(ante, 1), 40)
                caps = tuple(sorted(rng.randint(first, 200) for _ in range(3)))
                caps = (first, *caps)
            base = Rules(
                ante=ante,
                min_open=rng.randint(1, 6),
                min_raise=rng.randint(1, 6),
                round_caps=caps,
                rebuy=rng.random() < 0.5,
                extra_hands_on_tie=extra,
            )
        rules = attrs.evolve(
            base,
            hands=rng.choice([1, 2, 3, None]),
            deal_in_pairs=rng.random() < 0.3,
            discards_face_up=rng.random() < 0.7,
        )
        players = rng.choice([3, 4])
        top = rng.choice([12, 100, 1000, 10_000])
        low = max(1, rules.ante) if rules.rebuy else 1
        stacks = [rng.randint(low, max(low, top)) for _ in range(players)]
        try:
            return new_game(rules, players=players, dealer=rng.randrange(players), stacks=stacks)
        except GolfoError:
            continue  # fewer than three could pay the ante: draw again


# ---------------------------------------------------------------------------
# the runner


class Runner:
    """Plays golfo and an :class:`Engine` side by side (see the module)."""

    def __init__(
        self,
        engine: Engine,
        *,
        out: IO[str] | None = None,
        divergence_dir: Path | None = None,
        view_every: int = 7,
        max_divergences: int | None = None,
        select: Selection | None = None,
        known: KnownDifferences | None = None,
        words: bool = False,
    ) -> None:
        self.engine = engine
        """The implementation under test."""
        self.out = out
        """Where the reports go (``None``: nowhere)."""
        self.divergence_dir = divergence_dir
        """Where the records of divergences are written (``None``: nowhere)."""
        self.view_every = view_every
        """Views are compared every this many steps (and at the end of each game)."""
        self.max_divergences = max_divergences
        """Stop after this many failures (``None``: go on); known differences don't count."""
        self.select = Selection() if select is None else select
        """The games played (``--select``; all of them by default)."""
        self.known = KnownDifferences() if known is None else known
        """The differences the implementation declares (``--known``)."""
        self.words = words
        """Whether views' words are compared too (``--words``), and reported apart."""
        self.outcomes: list[Outcome] = []
        """Every game played, in the order played (a shard's after this process's)."""
        self.left_out: list[tuple[GameInfo, str]] = []
        """Games selected but not played, and why."""
        self._enough = False
        self._seen: tuple[State, dict[str, Any]] | None = None  # the last observation made
        self._last: State | None = None  # golfo's state at the request checked last
        self._words_gap: WordsGap | None = None  # the game's first difference of words
        self._steps = 0  # the game's steps agreed

    @property
    def games(self) -> int:
        """Games played that agreed (known differences aside)."""
        return sum(1 for o in self.outcomes if o.divergence is None)

    @property
    def steps(self) -> int:
        """Steps agreed, over every game played."""
        return sum(o.steps for o in self.outcomes)

    @property
    def divergences(self) -> list[Divergence]:
        """Every divergence found, known differences included."""
        return [o.divergence for o in self.outcomes if o.divergence is not None]

    @property
    def failures(self) -> list[Outcome]:
        """The games that diverged where no known difference covers it."""
        return [o for o in self.outcomes if o.status == "fail"]

    @property
    def views_compared(self) -> tuple[bool, str]:
        """Whether views are compared, and how or why not (for the summary and reports)."""
        if not self.engine.views:
            return False, 'the engine does not announce "views" in its hello'
        return True, f"every {self.view_every} steps and at each game's end"

    @property
    def words_compared(self) -> tuple[bool, str]:
        """Whether views' words are compared, and why not."""
        if not self.engine.views:
            return False, "no views"
        if not self.words:
            return False, "not asked for (--words)"
        return True, "with the views, reported apart"

    def say(self, text: str) -> None:
        """Print a line of the report."""
        if self.out is not None:
            print(text, file=self.out, flush=True)

    # -- one game ---------------------------------------------------------

    # The runner pipelines: it plays golfo ahead and sends the engine every request of a
    # game without waiting (up to PIPELINE answers outstanding), then checks the answers in
    # order as they come.  The script of a game depends on golfo's states only, never on
    # the engine's answers, so a round trip per request is not needed.

    def _script(
        self,
        start: State,
        moves: Iterator[Step] | Callable[[State], Step | None],
        refuse_at_end: Sequence[Action],
    ) -> Iterator[_Check]:
        """Every request of one game with what its answer must be, golfo played ahead."""
        yield _Check(start, "start", new_game_request(start))
        for action in start.history:
            yield _Check(start, "replay", apply_request(action), action)
        state = start
        step = 0
        while True:
            yield from self._observe(state)
            if step % self.view_every == 0:
                yield from self._views(state)
            nxt = moves(state) if callable(moves) else next(moves, None)
            if nxt is None:
                for bad in refuse_at_end:
                    yield from self._refuse(state, bad)
                yield from self._views(state)
                if state.is_over:  # nothing is legal after the end
                    after: list[Action] = [NextHand(), EndGame(), Pass(0), Deal(DECK[0])]
                    for late in after:
                        yield from self._refuse(state, late)
                return
            action, refused = nxt
            for bad in refused:
                yield from self._refuse(state, bad)
            yield _Check(state, "accept", apply_request(action), action)
            state = apply(state, action)
            step += 1

    def _observe(self, state: State) -> Iterator[_Check]:
        seen = self._seen
        if seen is None or seen[0] is not state:  # a refused action: the same observation
            seen = self._seen = (state, observation(state))
        yield _Check(state, "observe", {"cmd": "observe"}, seen[1])

    def _views(self, state: State) -> Iterator[_Check]:
        if not self.engine.views:
            return
        for seat in (*range(state.players), None):
            ours = to_data(view(state, seat))
            yield _Check(state, "view", {"cmd": "view", "seat": seat}, ours)

    def _refuse(self, state: State, action: Action) -> Iterator[_Check]:
        yield _Check(state, "refuse", apply_request(action), action)
        yield from self._observe(state)  # and nothing changed

    def _verify(self, check: _Check, answer: dict[str, Any]) -> None:
        """Raise :class:`_GapError` (or :class:`EngineError`) if ``answer`` is wrong."""
        kind, expected = check.kind, check.expected
        if kind == "observe":
            if answer.get("ok") is not True:
                raise _GapError("observe", {"ok": True}, answer)
            difference = first_difference(expected, answer)
            if difference is not None:
                raise _GapError(*difference)
        elif kind == "view":
            seat = check.request["seat"]
            label = f"view of {'the spectator' if seat is None else f'seat {seat}'}"
            ours, our_words = split_words(expected)
            theirs, their_words = split_words(answer.get("view"))
            found = first_path(ours, theirs, label)
            if found is not None:
                raise _GapError(*found)
            if self.words and self._words_gap is None:
                found = first_path(our_words, their_words, label)
                if found is not None:
                    self._words_gap = WordsGap(check.state.version, *found)
        elif kind == "refuse":  # an action of the wire's form: illegal, not a format error
            if answer.get("ok") is not False or answer.get("error") != "illegal":
                written = json.dumps(action_data(expected))
                theirs = "accepted" if answer.get("ok") is not False else answer
                raise _GapError(f"refuses {written}", "refused", theirs, tried=expected)
        elif kind == "accept":
            if answer.get("ok") is not True:
                written = json.dumps(action_data(expected))
                raise _GapError(
                    f"accepts {written}", "accepted", answer, extra=expected, tried=expected
                )
            self._steps += 1
        elif kind == "start":
            started(answer)
        else:  # "replay": an action of a position's history
            replayed(answer, expected)

    def _check_next(self, pending: collections.deque[_Check]) -> None:
        """Check the oldest request's answer (golfo's state then kept for a report)."""
        check = pending.popleft()
        self._last = check.state
        self._verify(check, self.engine.receive(check.request.get("cmd")))

    def play(
        self,
        game: GameInfo | str,
        start: State,
        moves: Iterator[Step] | Callable[[State], Step | None],
        *,
        refuse_at_end: Sequence[Action] = (),
    ) -> bool:
        """One game from ``start``: at each step the observation, the views every
        :attr:`view_every` steps, the refused actions, then the action.  ``moves`` gives
        (action, refused) pairs, or is a function of the state (``None``: stop).  Its
        :class:`Outcome` is added to :attr:`outcomes`; whether it agreed."""
        info = game if isinstance(game, GameInfo) else GameInfo(game, game, (), ("random",))
        engine = self.engine
        pending: collections.deque[_Check] = collections.deque()
        self._last, self._words_gap, self._steps = start, None, 0
        began = time.perf_counter()
        try:
            try:
                for check in self._script(start, moves, refuse_at_end):
                    engine.send(check.request)
                    pending.append(check)
                    if len(pending) >= PIPELINE:
                        self._check_next(pending)
                while pending:
                    self._check_next(pending)
            except _GapError:
                for check in pending:  # answered anyway: read them before the next game
                    engine.receive(check.request.get("cmd"))
                raise
        except _GapError as gap:
            self._diverged(info, self._last or start, gap, time.perf_counter() - began)
            return False
        except EngineError as error:
            lost = _GapError("engine", "an answer", str(error))
            self._diverged(info, self._last or start, lost, time.perf_counter() - began)
            raise
        outcome = Outcome(info, self._steps, time.perf_counter() - began, words=self._words_gap)
        self._add(outcome)
        return True

    def _add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        if outcome.words is not None:
            gap = outcome.words
            self.say(
                f"WORDS DIFFER in {outcome.game.name} at step {gap.step}: {gap.field}\n"
                f"  golfo:  {json.dumps(gap.ours, ensure_ascii=False)}\n"
                f"  engine: {json.dumps(gap.theirs, ensure_ascii=False)}"
            )

    def _diverged(self, game: GameInfo, state: State, gap: _GapError, seconds: float) -> None:
        prefix = state
        if gap.extra is not None:
            try:
                prefix = apply(state, gap.extra)
            except IllegalActionError:
                prefix = state
        record = to_json(prefix, description=f"golfo conformance: {gap.field} in {game.name}")
        written = None
        if self.divergence_dir is not None:
            self.divergence_dir.mkdir(parents=True, exist_ok=True)
            safe = "".join(ch if ch.isalnum() else "-" for ch in game.name).strip("-")
            path = self.divergence_dir / f"divergence-{safe}.json"
            path.write_text(record, encoding="utf-8")
            written = str(path)
        found = Divergence(
            game.name, state.version, gap.field, gap.ours, gap.theirs, state.rules,
            state.history, record, exercised(state, gap), game.rules, situation(state),
            written,
        )  # fmt: skip
        known = self.known.covering(game, found)
        self._add(Outcome(game, self._steps, seconds, found, known, self._words_gap))
        if known is not None:
            self.say(
                f"KNOWN DIFFERENCE in {game.name} at step {found.step}: {found.field} "
                f"(declared: {known})"
            )
            return
        self.say(found.report())
        self.say(
            f"  the shortest prefix that shows it: {written}"
            if written
            else "  the shortest prefix that shows it: not written (--out DIR writes it)"
        )
        if self.max_divergences is not None and len(self.failures) >= self.max_divergences:
            self._enough = True

    # -- the three parts ----------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether :attr:`max_divergences` were found (the runner stops there)."""
        return self._enough

    def _play_file_games(self, games: Iterator[Game]) -> None:
        for game in games:
            if self.done:
                return
            if game.info not in self.select:
                continue
            if game.left_out is not None:
                self.left_out.append((game.info, game.left_out))
            elif not self.engine.plays(game.start.rules):
                why = 'a variant of the rules, and the engine does not announce "variants"'
                self.left_out.append((game.info, why))
            else:
                self.play(game.info, game.start, game.steps(), refuse_at_end=game.refuse_at_end)

    def vectors(self, folder: Path) -> None:
        """Every vector of ``folder`` (:attr:`select`-ed): its actions, its steps' refused
        actions; then the negative vectors whose bad step is an action, which the engine
        must refuse (the others are left out: :attr:`left_out`)."""
        self._play_file_games(vector_games(folder))

    def corpus(self, path: Path) -> None:
        """Every game of a generated corpus (``golfo conformance generate``)."""
        self._play_file_games(corpus_games(path))

    def random_games(self, games: int, seed: int, *, jobs: int = 1) -> None:
        """``games`` seeded random games in lockstep, illegal actions tried along the way.

        Game ``k`` is drawn from ``seed`` and ``k`` alone, so ``jobs`` > 1 plays the same
        games: this runner plays every ``jobs``-th one, and ``jobs - 1`` other processes,
        each with an engine of its own (started from :attr:`Engine.command`), play the
        others; their outcomes and reports are added to this runner's."""
        if jobs > 1 and not self.done:
            self._in_parallel(games, seed, jobs)
            return
        self._random_games(range(games), seed)

    def _in_parallel(self, games: int, seed: int, jobs: int) -> None:
        context = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )  # not fork: this process has a reader thread
        settings = _Settings(
            self.engine.command, self.engine.timeout, games, seed, jobs, self.divergence_dir,
            self.view_every, self.max_divergences, self.select, self.known, self.words,
        )  # fmt: skip
        with concurrent.futures.ProcessPoolExecutor(jobs - 1, mp_context=context) as pool:
            others = [pool.submit(_shard, settings, j) for j in range(1, jobs)]
            self._random_games(range(0, games, jobs), seed)
            for future in others:
                outcomes, report, failure = future.result()
                self.outcomes += outcomes
                if report:
                    self.say(report.rstrip("\n"))
                if failure is not None:
                    raise EngineError(failure)
        if self.max_divergences is not None and len(self.failures) >= self.max_divergences:
            self._enough = True

    def _random_games(self, indices: range, seed: int) -> None:
        variants = self.engine.variants
        for k in indices:
            if self.done:
                return
            variant = variants and k % 2 == 1  # every other game, for an engine that can
            kind = ", a variant" if variant else ""
            tags = ("random", "variant") if variant else ("random",)
            info = GameInfo(f"random/{k}", f"random game {k} (seed {seed}{kind})", (), tags)
            if info not in self.select:
                continue
            rng = random.Random(f"{seed}-{k}")
            start = random_variant_setup(rng) if variant else random_setup(rng)
            limit = [0]

            def policy(
                state: State, rng: random.Random = rng, limit: list[int] = limit
            ) -> Step | None:
                limit[0] += 1
                if state.is_over or limit[0] > 2000:
                    return None
                refused = illegal_actions(state, rng) if rng.random() < 0.3 else []
                open_ended = state.rules.hands is None
                if state.phase is Phase.BETWEEN_HANDS and open_ended and state.hand_number >= 2:
                    return EndGame(), refused
                return choose(state, rng), refused

            self.play(info, start, policy)

    def summary(self) -> str:
        """The last line: the games played, agreed and diverged (known differences apart),
        the steps agreed, whether views (and their words) were compared."""
        played = len(self.outcomes)
        diverged = len(self.divergences)
        known = diverged - len(self.failures)
        words = sum(1 for o in self.outcomes if o.words is not None)
        views, how = self.views_compared
        text = (
            f"golfo conformance: {played:,} games played, {played - diverged:,} agreed, "
            f"{diverged:,} diverged"
            + (f" ({known:,} of them known differences)" if known else "")
            + f"; {self.steps:,} steps agreed; "
            + (f"views compared {how}" if views else f"views not compared: {how}")
        )
        compared, why = self.words_compared
        if views:
            text += (
                f", their words too: {words:,} game{'s' if words != 1 else ''} differ"
                if compared
                else f", their words not: {why}"
            )
        return text


@attrs.frozen
class _Settings:
    command: str
    timeout: float
    games: int
    seed: int
    jobs: int
    divergence_dir: Path | None
    view_every: int
    max_divergences: int | None
    select: Selection
    known: KnownDifferences
    words: bool


def _shard(settings: _Settings, first: int) -> tuple[list[Outcome], str, str | None]:
    """Random games ``first``, ``first + jobs``, ... in a process of their own, with an
    engine of their own: their outcomes, the report, and why the engine failed (``None``:
    it did not)."""
    out = io.StringIO()
    engine = Engine(settings.command, timeout=settings.timeout)
    try:
        runner = Runner(
            engine,
            out=out,
            divergence_dir=settings.divergence_dir,
            view_every=settings.view_every,
            max_divergences=settings.max_divergences,
            select=settings.select,
            known=settings.known,
            words=settings.words,
        )
        failure = None
        try:
            runner._random_games(range(first, settings.games, settings.jobs), settings.seed)
        except EngineError as error:
            failure = str(error)
        return runner.outcomes, out.getvalue(), failure
    finally:
        engine.close()
