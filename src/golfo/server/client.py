"""A small client of ``golfo serve``, synchronous, to use or to copy into another language.

It speaks the protocol of ``docs/server.md`` and nothing else: HTTP with the standard
library (``urllib``), the WebSocket with ``websockets``' synchronous client; views are read
back with :func:`golfo.wire.view_from_data`.  The server's tests use it (the load benchmark
speaks the same protocol with ``websockets``' asyncio client).  An error the server answers
on the socket raises :class:`ServerError` from :meth:`Socket.view`; :meth:`Socket.play`
plays a seat with any :class:`golfo.Bot` to the end of the game.

For example::

    from golfo import HeuristicBot
    from golfo.server.client import Client, ServerError

    server = Client("http://127.0.0.1:8000")
    table = server.create_table(rules="ludoteka", bots={"1": "heuristic", "2": "random"})
    seat = server.take_seat(table["table"], 0, "Ana")
    with server.connect(table["table"], seat["token"]) as socket:
        view = socket.view()                 # the first view, as JSON data
        try:
            socket.act({"type": "pass", "seat": 0}, view["version"])
            socket.view()                    # the next view, or the refusal
        except ServerError as error:         # error.code: "illegal", "stale", ...
            print(error.code, error.message["en"])
        final = socket.play(HeuristicBot())  # a bot plays the seat to the end
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any

from websockets.sync.client import ClientConnection, connect

from golfo.wire import action_data, view_from_data

if TYPE_CHECKING:
    from golfo.bots import Bot
    from golfo.views import View

__all__ = ["Client", "HTTPError", "ServerError", "Socket"]


class HTTPError(Exception):
    """An HTTP error answer: its ``status`` and the protocol's ``error`` object."""

    def __init__(self, status: int, error: Mapping[str, Any]) -> None:
        super().__init__(f"{status}: {error.get('code')}: {error.get('message', {}).get('en')}")
        self.status = status
        """The HTTP status."""
        self.error = dict(error)
        """``{"code": ..., "message": {"es": ..., "en": ...}}``."""


class ServerError(Exception):
    """An error the server sent on the WebSocket, ``{"type": "error", ...}``: a message of
    this socket's refused (``illegal``, ``stale``, ``not_your_turn``, ``not_your_seat``,
    ``format``, ``auth``, ``rate``...: the codes of :data:`golfo.server.protocol.CODES`);
    it changed nothing at the table.

    >>> error = ServerError.from_data({"type": "error", "code": "stale",
    ...     "message": {"es": "la mesa ha cambiado", "en": "the table has changed"}})
    >>> error.code, str(error)
    ('stale', 'stale: the table has changed')
    """

    def __init__(self, code: str, message: Mapping[str, str], detail: str | None = None) -> None:
        super().__init__(f"{code}: {message.get('en', '')}")
        self.code = code
        """The error's code (``"illegal"``, ``"stale"``...)."""
        self.message = dict(message)
        """The message for the player: ``{"es": ..., "en": ...}``."""
        self.detail = detail
        """The developer's message behind it (with the rule number), when the server gave
        one."""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ServerError:
        """The error of an ``{"type": "error", "code", "message", "detail"?}`` message."""
        message = data.get("message")
        detail = data.get("detail")
        return cls(
            str(data.get("code")),
            {str(k): str(v) for k, v in message.items()} if isinstance(message, dict) else {},
            detail if isinstance(detail, str) else None,
        )


class Socket:
    """One WebSocket to a table: ``send`` messages, ``receive`` them; it remembers the last
    view received (``last_view``)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        """The underlying ``websockets`` connection."""
        self.last_view: dict[str, Any] | None = None
        """The last view received."""
        self.received: list[str] = []
        """Every message received, as the text that came."""

    def send(self, message: Mapping[str, Any] | str) -> None:
        """Send a message (a dict is sent as JSON)."""
        self.connection.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float | None = 30) -> dict[str, Any]:
        """The next message; a view is remembered as :attr:`last_view`."""
        text = self.connection.recv(timeout=timeout)
        text = text if isinstance(text, str) else text.decode("utf-8")
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message.get("type") == "view":
            self.last_view = message["view"]
        return message

    def view(self, timeout: float | None = 30) -> dict[str, Any]:
        """Receive until a view comes; the view (as JSON data: :func:`golfo.wire.view_from_data`
        reads it as a :class:`golfo.View`).  An error that comes first raises
        :class:`ServerError` (the view that follows it is the next call's); a ``pong`` is
        passed over."""
        while True:
            message = self.receive(timeout)
            kind = message.get("type")
            if kind == "view":
                view: dict[str, Any] = message["view"]
                return view
            if kind == "error":
                raise ServerError.from_data(message)

    def play(self, bot: Bot, *, timeout: float | None = 30) -> View:
        """Play this socket's seat with ``bot`` until the game is over; the final view.

        Each view is read with :func:`golfo.wire.view_from_data`; whenever the seat is to act,
        ``bot.choose(view)`` is sent against that view's version.  A ``stale`` refusal (the
        table moved on before the move arrived: a turn timer played for the seat, say) is
        passed over, as the newer view follows it; an ``unavailable`` one (the server could
        not commit the move: its database is away) sends the same move again a second later;
        any other error raises :class:`ServerError`.  A spectator's socket only watches to
        the end.  The socket stays open (``docs/server.md``: the server never closes it at
        the end of a game)."""
        acted = -1
        sent: tuple[dict[str, Any], int] | None = None
        while True:
            try:
                view = view_from_data(self.view(timeout))
            except ServerError as error:
                if error.code == "stale":
                    continue
                if error.code == "unavailable" and sent is not None:
                    time.sleep(1.0)
                    self.act(*sent)
                    continue
                raise
            if view.is_over:
                return view
            if view.moves is not None and view.version != acted:
                sent = (action_data(bot.choose(view)), view.version)
                self.act(*sent)
                acted = view.version

    def act(self, action: Mapping[str, Any], version: int) -> None:
        """Send ``{"type": "action", "version": version, "action": action}``."""
        self.send({"type": "action", "version": version, "action": dict(action)})

    def close(self) -> None:
        """Close the socket."""
        self.connection.close()

    def __enter__(self) -> Socket:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


class Client:
    """The server at ``url`` (``"http://127.0.0.1:8000"``)."""

    def __init__(self, url: str, *, timeout: float = 30) -> None:
        self.url = url.rstrip("/")
        """The server's base URL."""
        self.timeout = timeout
        """Seconds an HTTP request may take."""

    def request(self, method: str, path: str, body: Any = None, *, token: str | None = None) -> Any:
        """An HTTP request; the JSON answer, or :class:`HTTPError`."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8")
            try:
                payload = json.loads(text).get("error", {})
            except ValueError:
                payload = {"code": "?", "message": {"en": text}}
            raise HTTPError(error.code, payload) from None

    def create_table(self, **config: Any) -> dict[str, Any]:
        """``POST /api/tables``: ``rules``, ``players``, ``bots``, ``hands``, ``seed``,
        ``pause``, ``timer``, ``bot_delay``."""
        table: dict[str, Any] = self.request("POST", "/api/tables", config)
        return table

    def tables(self) -> list[dict[str, Any]]:
        """``GET /api/tables``: the lobby."""
        tables: list[dict[str, Any]] = self.request("GET", "/api/tables")["tables"]
        return tables

    def table(self, table_id: str) -> dict[str, Any]:
        """``GET /api/tables/{id}``: the seats and a spectator's view."""
        table: dict[str, Any] = self.request("GET", f"/api/tables/{table_id}")
        return table

    def take_seat(self, table_id: str, seat: int, name: str) -> dict[str, Any]:
        """``POST /api/tables/{id}/seats/{seat}``: ``{"token": ...}``."""
        answer: dict[str, Any] = self.request(
            "POST", f"/api/tables/{table_id}/seats/{seat}", {"name": name}
        )
        return answer

    def record(self, table_id: str, token: str | None = None) -> dict[str, Any]:
        """``GET /api/tables/{id}/record``: the full record (over), or a seat's own."""
        record: dict[str, Any] = self.request("GET", f"/api/tables/{table_id}/record", token=token)
        return record

    def connect(self, table_id: str, token: str | None = None) -> Socket:
        """A WebSocket to the table, having said hello (with ``token``, as that seat; without,
        as a spectator)."""
        ws_url = "ws" + self.url.removeprefix("http") + f"/api/tables/{table_id}/ws"
        options: dict[str, Any] = {"open_timeout": self.timeout, "max_size": 2**22}
        try:  # websockets 16 and later want a context manager unless told otherwise
            connection = connect(ws_url, legacy=True, **options)
        except TypeError:  # older websockets: no ``legacy``
            connection = connect(ws_url, **options)
        assert isinstance(connection, ClientConnection)
        socket = Socket(connection)
        socket.send({"type": "hello"} | ({"token": token} if token is not None else {}))
        return socket
