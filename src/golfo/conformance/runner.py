"""The lockstep runner: ``golfo conformance run --engine "COMMAND"``.

It starts the implementation under test as a program speaking ``golfo-engine/1`` and plays
golfo and it side by side: the conformance vectors first (every step's observation, every
listed action accepted, every refused action refused, the views where the engine offers
them), then seeded random games over many rule sets that also try illegal actions.  At the
first divergence of a game it stops that game, reports the seed, the rules, the last
actions and the field that differs with both values, and writes a record of the shortest
prefix that reproduces it.  The summary line comes last; the exit status is 0 only when
everything agreed.
"""

from __future__ import annotations

import gzip
import json
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
from golfo.conformance.protocol import OBSERVATION_KEYS, PROTOCOL, observation
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
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        """The engine's process."""
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.info = self.request({"cmd": "hello"})
        """Its answer to ``hello``."""
        if self.info.get("protocol") != PROTOCOL:
            raise EngineError(f"the engine speaks {self.info.get('protocol')!r}, not {PROTOCOL}")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    @property
    def views(self) -> bool:
        """Whether it answers ``view``."""
        return bool(self.info.get("views"))

    @property
    def perft(self) -> bool:
        """Whether it answers ``perft``."""
        return bool(self.info.get("perft"))

    def request(self, data: dict[str, Any]) -> dict[str, Any]:
        """Send one request, wait for its answer (at most :attr:`timeout` seconds)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(data) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise EngineError(f"the engine is gone ({error})") from None
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError(
                f"the engine did not answer {data.get('cmd')!r} within {self.timeout:g} s"
            ) from None
        if line is None:
            raise EngineError(f"the engine exited (status {self.process.poll()})")
        try:
            answer = json.loads(line)
        except ValueError:
            raise EngineError(f"the engine answered what is not JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict):
            raise EngineError(f"the engine answered {line[:200]!r}, not an object")
        return answer

    def start(self, state: State) -> None:
        """A new game like ``state``'s, and every action of its history."""
        answer = self.request(
            {
                "cmd": "new_game",
                "rules": rules_data(state.rules),
                "players": state.players,
                "dealer": state.first_dealer,
                "stacks": list(state.initial_stacks),
            }
        )
        if answer.get("ok") is not True:
            raise EngineError(f"the engine refused new_game: {answer}")
        for action in state.history:
            answer = self.apply(action)
            if answer.get("ok") is not True:
                raise EngineError(f"the engine refused {action_data(action)} of a position")

    def apply(self, action: Action) -> dict[str, Any]:
        """``apply`` an action."""
        return self.request({"cmd": "apply", "action": action_data(action)})

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
    candidates = [a for a in out if not is_legal(state, a)]
    return rng.sample(candidates, min(2, len(candidates)))


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

    def say(self, text: str) -> None:
        """Print a line of the report."""
        if self.out is not None:
            print(text, file=self.out, flush=True)

    # -- one game ---------------------------------------------------------

    def _observe(self, state: State) -> None:
        ours = observation(state)
        answer = self.engine.request({"cmd": "observe"})
        if answer.get("ok") is not True:
            raise _GapError("observe", {"ok": True}, answer)
        difference = first_difference(ours, answer)
        if difference is not None:
            raise _GapError(*difference)

    def _views(self, state: State) -> None:
        if not self.engine.views:
            return
        for seat in (*range(state.players), None):
            ours = to_data(view(state, seat))
            answer = self.engine.request({"cmd": "view", "seat": seat})
            theirs = answer.get("view")
            if theirs != ours:
                field = f"view of {'the spectator' if seat is None else f'seat {seat}'}"
                if isinstance(theirs, dict):
                    key = next((k for k in ours if theirs.get(k) != ours[k]), "")
                    if key:
                        field += f".{key}"
                        ours, theirs = ours[key], theirs.get(key)
                raise _GapError(field, ours, theirs)

    def _refuse(self, state: State, action: Action) -> None:
        answer = self.engine.apply(action)
        if answer.get("ok") is not False:
            raise _GapError(f"refuses {json.dumps(action_data(action))}", "refused", "accepted")
        self._observe(state)  # and nothing changed

    def _accept(self, state: State, action: Action) -> State:
        answer = self.engine.apply(action)
        if answer.get("ok") is not True:
            raise _GapError(
                f"accepts {json.dumps(action_data(action))}", "accepted", answer, extra=action
            )
        self.steps += 1
        return apply(state, action)

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
        state = start
        try:
            self.engine.start(start)
            step = 0
            while True:
                self._observe(state)
                if step % self.view_every == 0:
                    self._views(state)
                nxt = moves(state) if callable(moves) else next(moves, None)
                if nxt is None:
                    for bad in refuse_at_end:
                        self._refuse(state, bad)
                    self._views(state)
                    if state.is_over:  # nothing is legal after the end
                        after: list[Action] = [NextHand(), EndGame(), Pass(0), Deal(DECK[0])]
                        for late in after:
                            self._refuse(state, late)
                    break
                action, refused = nxt
                for bad in refused:
                    self._refuse(state, bad)
                state = self._accept(state, action)
                step += 1
        except _GapError as gap:
            self._diverged(name, state, gap)
            return False
        except EngineError as error:
            self._diverged(name, state, _GapError("engine", "an answer", str(error)))
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
                start = new_game(
                    rules, players=game["players"], dealer=game["dealer"], stacks=game["stacks"]
                )
                actions = [action_from_data(s["action"]) for s in game["steps"]]
                self.play(f"corpus game {game['game']}", start, ((a, []) for a in actions))

    def random_games(self, games: int, seed: int) -> None:
        """``games`` seeded random games in lockstep, illegal actions tried along the way."""
        for k in range(games):
            if self.done:
                return
            rng = random.Random(f"{seed}-{k}")
            start = random_setup(rng)
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

            self.play(f"random game {k} (seed {seed})", start, policy)

    def summary(self) -> str:
        """The last line: what agreed, what did not."""
        return (
            f"golfo conformance: {self.games} games, {self.steps:,} steps agreed, "
            f"{len(self.divergences)} divergence{'s' if len(self.divergences) != 1 else ''}"
        )
