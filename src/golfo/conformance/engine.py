"""The implementation under test, as the runner talks to it: :class:`Engine` starts the
program and speaks ``golfo-engine/1`` to it (requests pipelined, answers read by a thread of
their own, a timeout per answer)."""

from __future__ import annotations

import collections
import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Sequence
from typing import Any, Final

from golfo.actions import Action
from golfo.conformance.protocol import PROTOCOL, line_batches
from golfo.rules import Rules
from golfo.state import State
from golfo.wire import action_data, rules_data

__all__ = ["TIMEOUT", "Engine", "EngineError", "apply_request", "new_game_request"]

TIMEOUT: Final = 10.0
"""Seconds the engine has to answer one request."""


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
        started(self.request(new_game_request(state)))
        for action in state.history:
            replayed(self.apply(action), action)

    def apply(self, action: Action) -> dict[str, Any]:
        """``apply`` an action."""
        return self.request(apply_request(action))

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


def new_game_request(state: State) -> dict[str, Any]:
    """The ``new_game`` request of ``state``'s game."""
    return {
        "cmd": "new_game",
        "rules": rules_data(state.rules),
        "players": state.players,
        "dealer": state.first_dealer,
        "stacks": list(state.initial_stacks),
    }


def apply_request(action: Action) -> dict[str, Any]:
    """The ``apply`` request of ``action``."""
    return {"cmd": "apply", "action": action_data(action)}


def started(answer: dict[str, Any]) -> None:
    """Raise :class:`EngineError` unless ``answer`` accepts a ``new_game``."""
    if answer.get("ok") is not True:
        raise EngineError(f"the engine refused new_game: {answer}")


def replayed(answer: dict[str, Any], action: Action) -> None:
    """Raise :class:`EngineError` unless ``answer`` accepts ``action`` of a position's
    history."""
    if answer.get("ok") is not True:
        raise EngineError(f"the engine refused {action_data(action)} of a position")
