"""The lockstep runner: ``golfo conformance run --engine "COMMAND"``.

It starts the implementation under test as a program speaking ``golfo-engine/1`` and plays
golfo and it side by side: the conformance vectors first (every step's observation, every
listed action accepted, every refused action refused, the views where the engine offers
them), then seeded random games over many rule sets that also try illegal actions (every
other one on a random variant of the rules, :mod:`golfo.conformance.variants`, when the engine
announces ``variants``; vectors and corpus games of a variant are for those engines too).  At
the first divergence of a game it stops that game, reports the seed, the rules, the last
actions and the field that differs with both values, and writes a record of the shortest
prefix that reproduces it.  The summary line comes last; the exit status is 0 only when
everything agreed.
"""

from __future__ import annotations

import collections
import concurrent.futures
import functools
import gzip
import io
import json
import multiprocessing
import queue
import random
import shlex
import subprocess
import threading
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
from golfo.conformance.protocol import OBSERVATION_KEYS, PROTOCOL, line_batches, observation
from golfo.conformance.variants import random_variant_setup
from golfo.errors import GolfoError, IllegalActionError
from golfo.moves import legal_actions, legal_moves
from golfo.records import to_json
from golfo.reducer import apply, is_legal, new_game
from golfo.rules import LUDOTEKA, TRADICIONAL, Rules
from golfo.state import Phase, State
from golfo.views import view
from golfo.wire import action_data, action_from_data, rules_data, rules_from_data, to_data

__all__ = [
    "Divergence",
    "Engine",
    "EngineError",
    "Runner",
    "random_setup",
]

TIMEOUT: Final = 10.0
"""Seconds the engine has to answer one request."""
_SHIPPED: Final = Path(__file__).resolve().parent / "vectors"  # in an installed wheel
VECTORS: Final = (
    _SHIPPED if _SHIPPED.is_dir() else Path(__file__).resolve().parents[3] / "conformance"
)
"""The conformance vectors: shipped inside the package, or a source checkout's
``conformance/`` (``--vectors`` points elsewhere)."""


class EngineError(Exception):
    """The engine cannot be talked to: it died, hung, or answered what is not JSON."""


class Engine:
    """The implementation under test: a program started from a command line, one JSON
    request per line on its standard input, one answer per line on its standard output."""

    def __init__(self, command: str | Sequence[str], *, timeout: float = TIMEOUT) -> None:
        self.command = command if isinstance(command, str) else shlex.join(command)
        """The command line."""
        self.timeout = timeout
        """Seconds per request."""
        args = shlex.split(command) if isinstance(command, str) else list(command)
        self.process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )  # requests are buffered, flushed by :meth:`receive` when it must wait
        """The engine's process."""
        self._batches: queue.Queue[list[str] | None] = queue.Queue()
        self._ready: collections.deque[str] = collections.deque()  # read, not yet taken
        self._ended = False
        threading.Thread(target=self._read, daemon=True).start()
        self.info = self.request({"cmd": "hello"})
        """Its answer to ``hello``."""
        if self.info.get("protocol") != PROTOCOL:
            raise EngineError(f"the engine speaks {self.info.get('protocol')!r}, not {PROTOCOL}")

    def _read(self) -> None:
        """The reader thread: the engine's output as it comes, every complete line of a
        read in one batch (one hand-over per read, not per line: answers come in bursts)."""
        assert self.process.stdout is not None
        for batch in line_batches(self.process.stdout.fileno()):
            self._batches.put(batch)
        self._batches.put(None)

    @property
    def views(self) -> bool:
        """Whether it answers ``view``."""
        return bool(self.info.get("views"))

    @property
    def perft(self) -> bool:
        """Whether it answers ``perft``."""
        return bool(self.info.get("perft"))

    @property
    def variants(self) -> bool:
        """Whether it plays every variant of the rules (issue 34); else it is given El Golfo's
        rules only (:attr:`golfo.Rules.is_variant` false)."""
        return self.info.get("variants") is True

    def plays(self, rules: Rules) -> bool:
        """Whether the engine is given games of ``rules``."""
        return self.variants or not rules.is_variant

    def request(self, data: dict[str, Any]) -> dict[str, Any]:
        """Send one request, wait for its answer (at most :attr:`timeout` seconds)."""
        self.send(data)
        return self.receive(data.get("cmd"))

    def send(self, data: dict[str, Any]) -> None:
        """Send one request without waiting for its answer (the runner pipelines: an engine
        reads its requests in order, so their answers come back in that order)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(data) + "\n")
        except (BrokenPipeError, OSError) as error:
            raise EngineError(f"the engine is gone ({error})") from None

    def receive(self, cmd: object = None) -> dict[str, Any]:
        """The next answer (at most :attr:`timeout` seconds); ``cmd`` names the request it
        answers, for the message when none comes."""
        if not self._ready:
            self._wait(cmd)
        line = self._ready.popleft()
        try:
            answer = json.loads(line)
        except ValueError:
            raise EngineError(f"the engine answered what is not JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict):
            raise EngineError(f"the engine answered {line[:200]!r}, not an object")
        return answer

    def _wait(self, cmd: object) -> None:
        """Wait for the engine's next batch of answers."""
        if self._batches.empty() and not self._ended:  # everything sent must reach it
            assert self.process.stdin is not None
            try:
                self.process.stdin.flush()
            except (BrokenPipeError, OSError) as error:
                raise EngineError(f"the engine is gone ({error})") from None
        try:
            batch = None if self._ended else self._batches.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError(
                f"the engine did not answer {cmd!r} within {self.timeout:g} s"
            ) from None
        if batch is None:
            self._ended = True
            raise EngineError(f"the engine exited (status {self.process.poll()})")
        self._ready.extend(batch)

    def start(self, state: State) -> None:
        """A new game like ``state``'s, and every action of its history."""
        _started(self.request(_new_game_request(state)))
        for action in state.history:
            _replayed(self.apply(action), action)

    def apply(self, action: Action) -> dict[str, Any]:
        """``apply`` an action."""
        return self.request(_apply_request(action))

    def close(self) -> None:
        """``quit``, then make sure the program is gone."""
        try:
            if self.process.poll() is None and self.process.stdin is not None:
                self.process.stdin.write('{"cmd": "quit"}\n')
                self.process.stdin.flush()
                self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@attrs.frozen
class Divergence:
    """Where golfo and the engine first disagreed in one game."""

    game: str
    """The vector's name, or ``random game N (seed S)``."""
    step: int
    """How many actions had been applied."""
    field: str
    """What differs: an observation's key, ``view of seat N``, ``accepts``, ``refuses``."""
    ours: Any
    """golfo's value."""
    theirs: Any
    """The engine's."""
    rules: Rules
    """The game's rules."""
    last: tuple[Action, ...]
    """The last actions before the divergence."""
    record: str
    """A golfo/1 record of the shortest prefix that shows it."""

    def report(self) -> str:
        """The divergence for a person to read."""
        last = " ".join(json.dumps(action_data(a)) for a in self.last[-6:]) or "(none)"
        return (
            f"DIVERGENCE in {self.game} at step {self.step}: {self.field}\n"
            f"  golfo:  {_short(self.ours)}\n"
            f"  engine: {_short(self.theirs)}\n"
            f"  rules:  {json.dumps(rules_data(self.rules))}\n"
            f"  last actions: {last}"
        )


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 400 else text[:397] + "..."


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


def _new_game_request(state: State) -> dict[str, Any]:
    return {
        "cmd": "new_game",
        "rules": rules_data(state.rules),
        "players": state.players,
        "dealer": state.first_dealer,
        "stacks": list(state.initial_stacks),
    }


def _apply_request(action: Action) -> dict[str, Any]:
    return {"cmd": "apply", "action": action_data(action)}


def _started(answer: dict[str, Any]) -> None:
    if answer.get("ok") is not True:
        raise EngineError(f"the engine refused new_game: {answer}")


def _replayed(answer: dict[str, Any], action: Action) -> None:
    if answer.get("ok") is not True:
        raise EngineError(f"the engine refused {action_data(action)} of a position")


class _GapError(Exception):
    def __init__(self, field: str, ours: Any, theirs: Any, extra: Action | None = None) -> None:
        super().__init__(field)
        self.field = field
        self.ours = ours
        self.theirs = theirs
        self.extra = extra  # an action to append to the prefix record (legal in golfo)


def first_difference(ours: dict[str, Any], theirs: dict[str, Any]) -> tuple[str, Any, Any] | None:
    """The first key of an observation where the engine's differs from golfo's."""
    for key in OBSERVATION_KEYS:
        if key not in theirs:
            return key, ours[key], "(missing)"
        if theirs[key] != ours[key]:
            if key == "moves" and isinstance(theirs[key], dict):
                for sub, value in ours[key].items():
                    if theirs[key].get(sub) != value:
                        return f"moves.{sub}", value, theirs[key].get(sub, "(missing)")
            return key, ours[key], theirs[key]
    return None


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
    to 10,000, deals in pairs or not, discards face up or down, a short game."""
    while True:
        base = rng.choice([TRADICIONAL, LUDOTEKA, None])
        if base is None:
            ante = rng.randint(0, 5)
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
                extra_hands_on_tie=rng.random() < 0.5,
            )
        rules = attrs.evolve(
            base,
            hands=rng.choice([1, 2, 3, None]) if base is TRADICIONAL else rng.choice([1, 2, 3]),
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
        """Stop after this many divergences (``None``: go on)."""
        self.steps = 0
        """Steps agreed so far."""
        self.games = 0
        """Games agreed so far."""
        self.divergences: list[Divergence] = []
        """Every divergence found."""
        self._enough = False
        self._seen: tuple[State, dict[str, Any]] | None = None  # the last observation made
        self._last: State | None = None  # golfo's state at the request checked last

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
        yield _Check(start, "start", _new_game_request(start))
        for action in start.history:
            yield _Check(start, "replay", _apply_request(action), action)
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
            yield _Check(state, "accept", _apply_request(action), action)
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
        yield _Check(state, "refuse", _apply_request(action), action)
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
            theirs = answer.get("view")
            if theirs != expected:
                seat = check.request["seat"]
                field = f"view of {'the spectator' if seat is None else f'seat {seat}'}"
                ours = expected
                if isinstance(theirs, dict):
                    key = next((k for k in ours if theirs.get(k) != ours[k]), "")
                    if key:
                        field += f".{key}"
                        ours, theirs = ours[key], theirs.get(key)
                raise _GapError(field, ours, theirs)
        elif kind == "refuse":
            if answer.get("ok") is not False:
                written = json.dumps(action_data(expected))
                raise _GapError(f"refuses {written}", "refused", "accepted")
        elif kind == "accept":
            if answer.get("ok") is not True:
                written = json.dumps(action_data(expected))
                raise _GapError(f"accepts {written}", "accepted", answer, extra=expected)
            self.steps += 1
        elif kind == "start":
            _started(answer)
        else:  # "replay": an action of a position's history
            _replayed(answer, expected)

    def _check_next(self, pending: collections.deque[_Check]) -> None:
        """Check the oldest request's answer (golfo's state then kept for a report)."""
        check = pending.popleft()
        self._last = check.state
        self._verify(check, self.engine.receive(check.request.get("cmd")))

    def play(
        self,
        name: str,
        start: State,
        moves: Iterator[Step] | Callable[[State], Step | None],
        *,
        refuse_at_end: Sequence[Action] = (),
    ) -> bool:
        """One game from ``start``: at each step the observation, the views every
        :attr:`view_every` steps, the refused actions, then the action.  ``moves`` gives
        (action, refused) pairs, or is a function of the state (``None``: stop)."""
        engine = self.engine
        pending: collections.deque[_Check] = collections.deque()
        self._last = start
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
            self._diverged(name, self._last or start, gap)
            return False
        except EngineError as error:
            lost = _GapError("engine", "an answer", str(error))
            self._diverged(name, self._last or start, lost)
            raise
        self.games += 1
        return True

    def _diverged(self, name: str, state: State, gap: _GapError) -> None:
        prefix = state
        if gap.extra is not None:
            try:
                prefix = apply(state, gap.extra)
            except IllegalActionError:
                prefix = state
        record = to_json(prefix, description=f"golfo conformance: {gap.field} in {name}")
        found = Divergence(
            name, state.version, gap.field, gap.ours, gap.theirs, state.rules, state.history, record
        )
        self.divergences.append(found)
        self.say(found.report())
        if self.max_divergences is not None and len(self.divergences) >= self.max_divergences:
            self._enough = True
        if self.divergence_dir is not None:
            self.divergence_dir.mkdir(parents=True, exist_ok=True)
            safe = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-")
            path = self.divergence_dir / f"divergence-{safe}.json"
            path.write_text(record, encoding="utf-8")
            self.say(f"  the shortest prefix that shows it: {path}")

    # -- the three parts ----------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether :attr:`max_divergences` were found (the runner stops there)."""
        return self._enough

    def vectors(self, folder: Path) -> None:
        """Every vector of ``folder``: its actions, its steps' refused actions; then the
        negative vectors whose bad step is an action, which the engine must refuse."""
        for path in sorted(folder.glob("[0-9]*.json")):
            if self.done:
                return
            data = json.loads(path.read_text(encoding="utf-8"))
            rules = rules_from_data(data["rules"])
            if not self.engine.plays(rules):
                continue
            start = new_game(
                rules, players=data["players"], dealer=data["dealer"], stacks=data["stacks"]
            )
            steps = data.get("steps", [])
            actions = [action_from_data(a, players=start.players) for a in data["actions"]]

            def pairs(
                actions: list[Action] = actions, steps: list[Any] = steps
            ) -> Iterator[tuple[Action, list[Action]]]:
                for i, action in enumerate(actions):
                    refused = steps[i].get("refused", []) if i < len(steps) else []
                    yield action, [action_from_data(r["action"]) for r in refused]

            self.play(path.stem, start, pairs())
        for path in sorted(folder.glob("negative/*.json")):
            if self.done:
                return
            data = json.loads(path.read_text(encoding="utf-8"))
            if not data["error"]["at"].startswith("actions["):
                continue  # a record's results, not an engine's business
            record = data["record"]
            rules = rules_from_data(record["rules"])
            if not self.engine.plays(rules):
                continue
            start = new_game(
                rules, players=record["players"], dealer=record["dealer"], stacks=record["stacks"]
            )
            actions = [action_from_data(a) for a in record["actions"]]
            prefix = start
            for action in actions[:-1]:
                prefix = apply(prefix, action)
            self.play(f"negative/{path.stem}", prefix, iter([]), refuse_at_end=actions[-1:])

    def corpus(self, path: Path) -> None:
        """Every game of a generated corpus (``golfo conformance generate``)."""
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for line in lines:
                if self.done:
                    return
                game = json.loads(line)
                rules = rules_from_data(game["rules"])
                if not self.engine.plays(rules):
                    continue
                start = new_game(
                    rules, players=game["players"], dealer=game["dealer"], stacks=game["stacks"]
                )
                actions = [action_from_data(s["action"]) for s in game["steps"]]
                self.play(f"corpus game {game['game']}", start, ((a, []) for a in actions))

    def random_games(self, games: int, seed: int, *, jobs: int = 1) -> None:
        """``games`` seeded random games in lockstep, illegal actions tried along the way.

        Game ``k`` is drawn from ``seed`` and ``k`` alone, so ``jobs`` > 1 plays the same
        games: this runner plays every ``jobs``-th one, and ``jobs - 1`` other processes,
        each with an engine of its own (started from :attr:`Engine.command`), play the
        others; their counts, divergences and reports are added to this runner's."""
        if jobs > 1 and not self.done:
            self._in_parallel(games, seed, jobs)
            return
        self._random_games(range(games), seed)

    def _in_parallel(self, games: int, seed: int, jobs: int) -> None:
        context = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )  # not fork: this process has a reader thread
        shard = functools.partial(
            _shard,
            self.engine.command,
            self.engine.timeout,
            games,
            seed,
            jobs,
            self.divergence_dir,
            self.view_every,
            self.max_divergences,
        )
        with concurrent.futures.ProcessPoolExecutor(jobs - 1, mp_context=context) as pool:
            others = [pool.submit(shard, j) for j in range(1, jobs)]
            self._random_games(range(0, games, jobs), seed)
            for future in others:
                played, steps, divergences, report, failure = future.result()
                self.games += played
                self.steps += steps
                self.divergences += divergences
                if report:
                    self.say(report.rstrip("\n"))
                if failure is not None:
                    raise EngineError(failure)
        if self.max_divergences is not None and len(self.divergences) >= self.max_divergences:
            self._enough = True

    def _random_games(self, indices: range, seed: int) -> None:
        variants = self.engine.variants
        for k in indices:
            if self.done:
                return
            rng = random.Random(f"{seed}-{k}")
            variant = variants and k % 2 == 1  # every other game, for an engine that can
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

            kind = ", a variant" if variant else ""
            self.play(f"random game {k} (seed {seed}{kind})", start, policy)

    def summary(self) -> str:
        """The last line: what agreed, what did not."""
        return (
            f"golfo conformance: {self.games} games, {self.steps:,} steps agreed, "
            f"{len(self.divergences)} divergence{'s' if len(self.divergences) != 1 else ''}"
        )


def _shard(
    command: str,
    timeout: float,
    games: int,
    seed: int,
    jobs: int,
    divergence_dir: Path | None,
    view_every: int,
    max_divergences: int | None,
    first: int,
) -> tuple[int, int, list[Divergence], str, str | None]:
    """Random games ``first``, ``first + jobs``, ... in a process of their own, with an
    engine of their own: games and steps agreed, divergences, the report, and why the
    engine failed (``None``: it did not)."""
    out = io.StringIO()
    engine = Engine(command, timeout=timeout)
    try:
        runner = Runner(
            engine,
            out=out,
            divergence_dir=divergence_dir,
            view_every=view_every,
            max_divergences=max_divergences,
        )
        failure = None
        try:
            runner._random_games(range(first, games, jobs), seed)
        except EngineError as error:
            failure = str(error)
        return runner.games, runner.steps, runner.divergences, out.getvalue(), failure
    finally:
        engine.close()
