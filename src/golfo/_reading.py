"""The strict JSON readers behind golfo's formats (private: not an API).

Every reader takes a parsed JSON value and the ``path`` that names it in its message
(``"actions[3].amount"``) and returns it checked, or raises :class:`golfo.FormatError` with
that path: no coercion (``true`` is not 1, ``"5"`` is not 5, ``5.5`` is not 5), never
another exception.  :func:`parse_json` reads the text itself, strictly.

Used by :mod:`golfo.wire` (which publishes :func:`parse_json` and :data:`MAX_INT`),
:mod:`golfo.records`, :mod:`golfo.server.protocol` and :mod:`golfo.server.app`, and
:mod:`golfo.conformance.protocol`.

>>> read_int(5, "bet.amount")
5
>>> read_int(True, "bet.amount")
Traceback (most recent call last):
...
golfo.errors.FormatError: bet.amount: expected a whole number, got true
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from golfo.errors import FormatError

__all__ = [
    "MAX_INT",
    "fail",
    "parse_json",
    "read_array",
    "read_bool",
    "read_int",
    "read_object",
    "read_seat",
    "read_seats",
    "show",
]

MAX_INT: Final = 2**63 - 1
"""The largest chip amount a format holds (outside the rules): a signed 64-bit integer,
what other implementations store."""


def fail(path: str, message: str) -> NoReturn:
    """Raise :class:`golfo.FormatError` for the value at ``path``."""
    raise FormatError(f"{path}: {message}")


def show(value: Any) -> str:
    """A short description of a bad value, in JSON terms."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else text[:37] + '..."'
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def read_object(
    value: Any, path: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[Any, Any]:
    """``value`` as an object with exactly the ``required`` keys (and maybe ``optional``)."""
    if not isinstance(value, dict):
        fail(path, f"expected an object, got {show(value)}")
    for key in required:
        if key not in value:
            fail(path, f"missing key {json.dumps(key)}")
    for key in value:
        if key not in required and key not in optional:
            shown = json.dumps(key) if isinstance(key, str) else repr(key)
            fail(path, f"unexpected key {shown[:40]}")
    return value


def read_array(value: Any, path: str, most: int, length: int | None = None) -> list[Any]:
    """``value`` as an array of at most ``most`` items (exactly ``length``, if given)."""
    if not isinstance(value, list | tuple):
        fail(path, f"expected an array, got {show(value)}")
    if length is not None and len(value) != length:
        fail(path, f"expected {length} items, got {len(value)}")
    if len(value) > most:
        fail(path, f"at most {most} items, got {len(value)}")
    return list(value)


def read_int(value: Any, path: str, low: int = 0, high: int = MAX_INT) -> int:
    """``value`` as a whole number (never a boolean or a float) from ``low`` to ``high``."""
    if type(value) is not int:
        fail(path, f"expected a whole number, got {show(value)}")
    if not low <= value <= high:
        fail(path, f"expected a whole number from {low} to {high}, got {show(value)}")
    return value


def read_seat(value: Any, path: str, players: int) -> int:
    """``value`` as a seat number of a table of ``players``."""
    if type(value) is not int:
        fail(path, f"expected a seat number, got {show(value)}")
    if not 0 <= value < players:
        fail(path, f"expected a seat from 0 to {players - 1}, got {show(value)}")
    return value


def read_seats(value: Any, path: str, players: int) -> tuple[int, ...]:
    """``value`` as an array of distinct seats of a table of ``players``, in its order."""
    items = read_array(value, path, most=players)
    seats = tuple(read_seat(s, f"{path}[{i}]", players) for i, s in enumerate(items))
    if len(set(seats)) != len(seats):
        fail(path, "a seat appears twice")
    return seats


def read_bool(value: Any, path: str) -> bool:
    """``value`` as ``true`` or ``false``."""
    if type(value) is not bool:
        fail(path, f"expected true or false, got {show(value)}")
    return value


def parse_json(text: str | bytes | bytearray, path: str, most: int) -> Any:
    """Strict JSON: UTF-8, at most ``most`` characters, no NaN or Infinity, no key twice
    in an object.  Anything else raises :class:`golfo.FormatError` at ``path``.

    >>> parse_json('{"a": 1, "a": 2}', "message", 100)
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: message: not JSON: the key "a" appears twice in an object
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * most:
            fail(path, f"too long: at most {most} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            fail(path, f"not UTF-8 text: {error}")
    if not isinstance(text, str):
        fail(path, f"expected JSON text, got {show(text)}")
    if len(text) > most:
        fail(path, f"too long: at most {most} characters, got {len(text)}")

    def no_constant(name: str) -> NoReturn:
        fail(path, f"not JSON: {name} is not a JSON number")

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                fail(path, f"not JSON: the key {json.dumps(key)[:40]} appears twice in an object")
            out[key] = value
        return out

    try:
        return json.loads(text, parse_constant=no_constant, object_pairs_hook=no_duplicates)
    except FormatError:
        raise
    except json.JSONDecodeError as error:
        fail(path, f"not JSON: {error}")
    except RecursionError:
        fail(path, "nested too deeply")
    except ValueError as error:  # e.g. an integer with more digits than Python reads
        fail(path, f"not JSON: {error}")
