"""The table server's protocol: what clients send, the errors they get, in both languages.

The forms are pinned in ``docs/server.md``; views, moves and actions are the wire's
(``golfo-wire/1``).  Everything a client sends is read strictly: anything malformed is a
:class:`ProtocolError` with its code, never another exception.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

from golfo._reading import fail, parse_json, read_bool, read_int, read_object, show
from golfo.actions import Action
from golfo.errors import FormatError, IllegalActionError, NotationError, SeatError
from golfo.notation import explain
from golfo.rules import PRESETS, Rules, sizes_words
from golfo.server.storage import UnavailableError
from golfo.wire import MAX_MESSAGE, action_from_data, rules_from_data

__all__ = [
    "BOT_KINDS",
    "CLOSED",
    "CODES",
    "MOVE_UNREAD",
    "NO_SEEDS",
    "REQUEST_UNREAD",
    "TABLE_UNREAD",
    "ProtocolError",
    "TableConfig",
    "error_message",
    "parse_client_message",
    "parse_table_config",
    "read_json",
]

BOT_KINDS: Final = ("heuristic", "random", "strong")
"""The bots a seat can be given."""
CODES: Final = (
    "format",
    "auth",
    "not_your_seat",
    "not_your_turn",
    "stale",
    "illegal",
    "rate",
    "full",
    "taken",
    "not_found",
    "not_over",
    "origin",
    "media_type",
    "unavailable",
)
"""Every error code the server sends (``{"type": "error", "code": ...}``, and over HTTP)."""

_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "format": ("no se ha entendido el mensaje", "the message could not be read"),
    "auth": ("token no válido para esta mesa", "bad token for this table"),
    "not_your_seat": ("ese asiento no es el tuyo", "that seat is not yours"),
    "not_your_turn": ("no es tu turno", "it is not your turn"),
    "stale": (
        "la mesa ha cambiado desde tu última vista: mira la nueva",
        "the table has changed since your last view: look at the new one",
    ),
    "illegal": ("esa jugada no vale ahora", "that move is not legal now"),
    "rate": ("demasiados mensajes: espera un poco", "too many messages: slow down"),
    "full": ("no caben más", "no room for more"),
    "taken": ("ese asiento ya está ocupado", "that seat is taken"),
    "not_found": ("no existe", "no such thing"),
    "not_over": ("la partida no ha terminado", "the game is not over"),
    "origin": (
        "esta página no puede usar este servidor",
        "this page may not use this server",
    ),
    "media_type": (
        "se espera JSON (Content-Type: application/json)",
        "expected JSON (Content-Type: application/json)",
    ),
    "unavailable": (
        "el servidor no puede guardar nada ahora mismo: inténtalo otra vez en unos segundos",
        "the server cannot save anything right now: try again in a few seconds",
    ),
}


MOVE_UNREAD: Final = ("no se ha entendido la jugada", "the move could not be read")
"""What a player is told of a move the server could not read (the technical reason goes in
the error's ``detail``)."""
TABLE_UNREAD: Final = (
    "no se ha entendido la mesa pedida",
    "the table asked for could not be read",
)
"""What a player is told of a table it asked for that the server could not read."""
REQUEST_UNREAD: Final = ("no se ha entendido la petición", "the request could not be read")
"""What a client is told of any other HTTP request the server could not read."""
NO_SEEDS: Final = (
    "esta mesa no puede llevar semilla: en este servidor las cartas se reparten siempre al azar",
    "this table cannot have a seed: on this server the cards are always dealt at random",
)
"""What a player is told of a table asked for with a ``seed`` where the server allows none."""

CLOSED: Final = {
    "over": ("la partida ha terminado", "the game is over"),
    "abandoned": (
        "esta mesa se ha archivado: nadie jugaba en ella",
        "this table was archived: nobody was playing at it",
    ),
    "limit": (
        "esta mesa ha llegado al límite de este servidor y se ha cerrado",
        "this table reached this server's limit and was closed",
    ),
    "operator": (
        "el administrador del servidor ha archivado esta mesa",
        "the server's operator archived this table",
    ),
    "": ("esta mesa se ha archivado", "this table was archived"),
}
"""What a player is told of a move at an archived table, by the reason (an ``illegal``
error)."""


class ProtocolError(Exception):
    """A client's message or request that the server refuses: ``code`` (one of
    :data:`CODES`) and the message for the player in Spanish and English.

    ``es`` and ``en`` follow the code's own words after a colon; with ``whole`` they replace
    them.  ``detail`` is the technical reason, for developers (never shown as the message).
    """

    def __init__(
        self,
        code: str,
        es: str = "",
        en: str = "",
        detail: str = "",
        *,
        whole: bool = False,
        retry_after: int | None = None,
    ) -> None:
        base_es, base_en = _TEXTS[code]
        self.code = code
        """One of :data:`CODES`."""
        self.es = es if whole and es else f"{base_es}: {es}" if es else base_es
        """The message for the player, in Spanish."""
        self.en = en if whole and en else f"{base_en}: {en}" if en else base_en
        """The message for the player, in English."""
        self.detail = detail
        """The developer's message behind it (with the rule number), if any."""
        self.retry_after = retry_after
        """Seconds to wait before trying again (a ``rate`` error: HTTP's ``Retry-After``)."""
        super().__init__(self.en)

    def data(self) -> dict[str, Any]:
        """The error as the protocol sends it."""
        out: dict[str, Any] = {
            "type": "error",
            "code": self.code,
            "message": {"es": self.es, "en": self.en},
        }
        if self.detail:
            out["detail"] = self.detail
        return out


def error_message(error: Exception, unread: tuple[str, str] = MOVE_UNREAD) -> ProtocolError:
    """The protocol's error for an exception raised while handling a client's message.

    A :class:`golfo.FormatError` becomes a ``format`` error whose message, for the player,
    is ``unread`` (Spanish, English: by default :data:`MOVE_UNREAD`) and whose ``detail`` is
    the technical reason (the place and what was expected).  A failure of the database
    (:class:`~golfo.server.storage.UnavailableError`) is ``unavailable``, without its reason,
    which names the server's database."""
    if isinstance(error, ProtocolError):
        return error
    if isinstance(error, UnavailableError):  # the reason (the database's) is the server's log's
        return ProtocolError("unavailable")
    if isinstance(error, IllegalActionError):
        code = "not_your_turn" if error.code in ("not_your_turn", "folded") else "illegal"
        return ProtocolError(
            code,
            explain(error, lang="es"),
            explain(error, lang="en"),
            detail=str(error),
        )
    if isinstance(error, SeatError):
        return ProtocolError("not_your_seat", detail=str(error))
    if isinstance(error, NotationError):
        return ProtocolError("illegal", error.reason, error.reason, detail=str(error))
    if isinstance(error, FormatError):
        return ProtocolError("format", *unread, detail=str(error), whole=True)
    return ProtocolError("format", detail=type(error).__name__)


_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def read_json(text: str | bytes, path: str, most: int) -> Any:
    r"""A client's JSON text (a request's body, a socket's message), strictly
    (:func:`golfo.wire.parse_json`), and Unicode throughout: a lone surrogate (JSON lets
    ``"\ud800"`` through) in any string or key is a :class:`golfo.FormatError` here, before
    it can reach a database, a hash or a socket, none of which can encode it.

    >>> read_json('{"name": "\\ud800"}', "body", 100)
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: body: not Unicode: a lone surrogate (\ud800 to \udfff) in a string
    >>> read_json('{"name": "\\ud83c\\udfb4"}', "body", 100) == {"name": "\U0001f3b4"}  # a pair
    True
    """
    data = parse_json(text, path, most)
    stack = [data]
    while stack:  # not recursive: the JSON may be nested as deep as its reader allows
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                fail(path, r"not Unicode: a lone surrogate (\ud800 to \udfff) in a string")
        elif isinstance(item, dict):
            stack += item.keys()
            stack += item.values()
        elif isinstance(item, list):
            stack += item
    return data


# ---------------------------------------------------------------------------
# table configurations


@attrs.frozen
class TableConfig:
    """How a table was created (``POST /api/tables``)."""

    rules: Rules
    """The rules."""
    players: int
    """The seats: one of the rules' ``table_sizes`` (3 or 4 for El Golfo's, 2 or 3 for
    ``MINI`` and ``MEDIANO``)."""
    bots: Mapping[int, str] = attrs.field(factory=dict)
    """The seats played by bots from the start, with their kind."""
    seed: int | None = None
    """A seed for reproducible deals (and random bots), mixed with the server's secret
    (:mod:`golfo.server.seeds`); ``None``: the operating system's randomness."""
    pause: float | None = 3.0
    """Seconds between hands before the next starts by itself; ``None``: it starts only when
    a player asks for it (``next_hand``), never by itself."""
    timer: float | None = None
    """Seconds a human seat has to act before its bot plays for it; ``None``: no timer."""
    bot_delay: float = 0.5
    """Seconds a bot waits before it plays."""

    def to_data(self) -> dict[str, Any]:
        """The configuration as JSON data (stored with the table)."""
        from golfo.wire import rules_data

        return {
            "rules": rules_data(self.rules),
            "players": self.players,
            "bots": {str(k): v for k, v in sorted(self.bots.items())},
            "seed": self.seed,
            "pause": self.pause,
            "timer": self.timer,
            "bot_delay": self.bot_delay,
        }


_PRESET_NAMES: Final = ", ".join(map(json.dumps, PRESETS))
_CONFIG_KEYS: Final = ("rules", "players", "bots", "hands", "seed", "pause", "timer", "bot_delay")


def _seconds(value: Any, path: str, high: float) -> float:
    if type(value) not in (int, float) or not 0 <= value <= high:
        fail(path, f"expected a number of seconds from 0 to {high:g}, got {show(value)}")
    return float(value)


def parse_table_config(data: Any) -> TableConfig:
    """A :class:`TableConfig` from a request body (parsed JSON); :class:`golfo.FormatError`
    naming the place for anything malformed.

    ``rules`` is the name of a preset (:data:`golfo.rules.PRESETS`) or the rules' JSON form;
    ``players`` one of their ``table_sizes`` (by default 3, or the smallest when 3 is not
    one of them).

    >>> parse_table_config({"rules": "mini", "players": 2}).players
    2
    >>> parse_table_config({"rules": "mini", "players": 4})
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: table.players: expected 2 or 3 (these rules' table sizes), got 4
    >>> parse_table_config({"rules": "poker"})
    Traceback (most recent call last):
    ...
    golfo.errors.FormatError: table.rules: expected a preset ("tradicional", "ludoteka", "mini",
    "mediano") or rules, got "poker"
    """
    obj = read_object(data, "table", (), _CONFIG_KEYS)
    raw_rules = obj.get("rules", "tradicional")
    if isinstance(raw_rules, str):
        if raw_rules not in PRESETS:
            fail(
                "table.rules",
                f"expected a preset ({_PRESET_NAMES}) or rules, got {show(raw_rules)}",
            )
        rules = PRESETS[raw_rules]
    else:
        rules = rules_from_data(raw_rules, "table.rules")
    if "hands" in obj:
        hands = obj["hands"]
        hands = None if hands is None else read_int(hands, "table.hands", 1, 10_000)
        try:
            rules = attrs.evolve(rules, hands=hands)
        except ValueError as error:
            fail("table.hands", str(error))
    sizes = rules.table_sizes
    players = obj.get("players", 3 if 3 in sizes else sizes[0])
    if type(players) is not int or players not in sizes:
        fail(
            "table.players",
            f"expected {sizes_words(sizes)} (these rules' table sizes), got {show(players)}",
        )
    bots: dict[int, str] = {}
    raw_bots = obj.get("bots", {})
    if not isinstance(raw_bots, dict):
        fail("table.bots", f"expected an object, got {show(raw_bots)}")
    seats = {str(s): s for s in range(players)}  # "0", "1"...: not "²", "01" nor 5,000 digits
    for key, kind in raw_bots.items():
        if key not in seats:
            fail("table.bots", f"expected seat numbers 0 to {players - 1} as keys, got {show(key)}")
        if kind not in BOT_KINDS:
            expected = '"heuristic", "random" or "strong"'
            fail(f"table.bots.{key}", f"expected {expected}, got {show(kind)}")
        bots[seats[key]] = kind
    seed = obj.get("seed")
    seed = None if seed is None else read_int(seed, "table.seed", 0, 2**63 - 1)
    timer = obj.get("timer")
    pause = obj.get("pause", 3.0)
    if pause is None and len(bots) == players:
        fail("table.pause", "null needs a seat for a person: a table of bots only would stall")
    return TableConfig(
        rules=rules,
        players=players,
        bots=bots,
        seed=seed,
        pause=None if pause is None else _seconds(pause, "table.pause", 600),
        timer=None if timer is None else _seconds(timer, "table.timer", 3600),
        bot_delay=_seconds(obj.get("bot_delay", 0.5), "table.bot_delay", 60),
    )


def config_from_data(data: Mapping[str, Any]) -> TableConfig:
    """The configuration stored with a table (as :meth:`TableConfig.to_data` wrote it)."""
    return TableConfig(
        rules=rules_from_data(data["rules"]),
        players=data["players"],
        bots={int(k): v for k, v in data["bots"].items()},
        seed=data["seed"],
        pause=data["pause"],
        timer=data["timer"],
        bot_delay=data["bot_delay"],
    )


# ---------------------------------------------------------------------------
# client messages on the WebSocket


@attrs.frozen
class Hello:
    """``{"type": "hello", "token": "..."}``: the first message; no token: a spectator."""

    token: str | None


@attrs.frozen
class Move:
    """``{"type": "action", "version": N, "action": {...}}`` (or ``"say"`` with words)."""

    version: int
    action: Action | None
    text: str | None = None
    lang: str = "es"


@attrs.frozen
class Vote:
    """``{"type": "end_game"}``: this seat agrees to end an open-ended game between hands."""


@attrs.frozen
class BotSwitch:
    """``{"type": "bot", "on": true | false}``: a bot plays this seat, or stops."""

    on: bool


@attrs.frozen
class Ping:
    """``{"type": "ping"}``: answered with ``{"type": "pong"}``."""


ClientMessage = Hello | Move | Vote | BotSwitch | Ping

_TYPES: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    # type: (required keys, optional keys)
    "hello": (("type",), ("token",)),
    "action": (("type", "version", "action"), ()),
    "say": (("type", "version", "text"), ("lang",)),
    "end_game": (("type",), ()),
    "bot": (("type", "on"), ()),
    "ping": (("type",), ()),
}


def parse_client_message(text: str | bytes, *, seat: int | None, players: int) -> ClientMessage:
    """A client's WebSocket message; :class:`ProtocolError` (``format``, ``not_your_seat``)
    for anything wrong.  ``seat`` is the connection's seat (``None``: a spectator)."""
    try:
        data = read_json(text, "message", MAX_MESSAGE)
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in _TYPES:
            known = ", ".join(json.dumps(k) for k in _TYPES)
            fail("message.type", f"expected one of {known}, got {show(kind)}")
        required, optional = _TYPES[kind]
        obj = read_object(data, "message", required, optional)
        if kind == "hello":
            token = obj.get("token")
            if token is not None and not (isinstance(token, str) and len(token) <= 200):
                fail("message.token", f"expected a string, got {show(token)}")
            return Hello(token)
        if kind == "ping":
            return Ping()
        if seat is None:
            raise ProtocolError("auth", "un espectador no juega", "a spectator does not play")
        if kind == "end_game":
            return Vote()
        if kind == "bot":
            return BotSwitch(read_bool(obj["on"], "message.on"))
        version = read_int(obj["version"], "message.version")
        if kind == "say":
            words = obj["text"]
            if not isinstance(words, str) or len(words) > 200:
                fail("message.text", f"expected words, got {show(words)}")
            lang = obj.get("lang", "es")
            if lang not in ("es", "en"):
                fail("message.lang", f'expected "es" or "en", got {show(lang)}')
            return Move(version, None, words, lang)
        action = action_from_data(obj["action"], seat=seat, players=players, path="message.action")
        return Move(version, action)
    except (FormatError, SeatError) as error:
        raise error_message(error) from None
