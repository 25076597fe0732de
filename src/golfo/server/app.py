"""The ASGI application of ``golfo serve`` (Starlette): tables over HTTP, play over WebSockets.

The protocol is pinned in ``docs/server.md``.  Every request and message is read strictly;
anything wrong gets a typed error (``format``, ``auth``, ``not_your_seat``, ``not_your_turn``,
``stale``, ``illegal``, ``rate``, ...) or a closed socket, never a crash and never a change
of state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from golfo._reading import fail, parse_json, read_object, show
from golfo.cards import DECK, SUITS
from golfo.errors import FormatError, GolfoError
from golfo.notation import LANGS, TERMS, card_name, phase_name, suit_name
from golfo.server.databases import open_store
from golfo.server.protocol import (
    MOVE_UNREAD,
    REQUEST_UNREAD,
    TABLE_UNREAD,
    Hello,
    ProtocolError,
    error_message,
    parse_client_message,
    parse_table_config,
)
from golfo.server.store import Store, UnavailableError
from golfo.server.tables import Connection, Hub, Limits, Table
from golfo.state import Phase
from golfo.views import view
from golfo.wire import to_data

__all__ = ["MAX_BODY", "create_app"]

log = logging.getLogger("golfo.server")

MAX_BODY: Final = 65_536
"""The largest HTTP request body read, in bytes."""
HELLO_TIMEOUT: Final = 10.0
"""Seconds a new WebSocket has to say hello."""
_STATUS: Final = {
    "format": 400,
    "auth": 401,
    "not_your_seat": 403,
    "not_found": 404,
    "taken": 409,
    "not_over": 409,
    "full": 503,
    "rate": 429,
    "unavailable": 503,
}


def _refusal(error: Exception, unread: tuple[str, str] = MOVE_UNREAD) -> ProtocolError:
    """:func:`error_message`, and a failure of the database logged (its reason is not the
    client's to read)."""
    if isinstance(error, UnavailableError):
        log.warning("the database failed: %s", error)
    return error_message(error, unread)


def _error(error: ProtocolError) -> JSONResponse:
    data = error.data()
    del data["type"]
    return JSONResponse({"error": data}, status_code=_STATUS.get(error.code, 400))


async def _body(request: Request, unread: tuple[str, str] = REQUEST_UNREAD) -> Any:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ProtocolError(
                "format", "demasiado largo", "too long", detail=f"at most {MAX_BODY} bytes"
            )
        chunks.append(chunk)
    text = b"".join(chunks)
    if not text.strip():
        return {}
    try:
        return parse_json(text, "body", MAX_BODY)
    except FormatError as error:
        raise error_message(error, unread) from None


async def _table(request: Request | WebSocket) -> Table:
    hub: Hub = request.app.state.hub
    table = await hub.find(str(request.path_params.get("table_id", "")))
    if table is None:
        raise ProtocolError("not_found", "no hay tal mesa", "no such table")
    return table


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ProtocolError("auth", "se espera «Bearer TOKEN»", "expected 'Bearer TOKEN'")
    return token.strip()


def _http(handler: Any) -> Any:
    """An HTTP endpoint whose :class:`ProtocolError` s become JSON errors."""

    async def endpoint(request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except ProtocolError as error:
            return _error(error)
        except GolfoError as error:
            return _error(_refusal(error))

    endpoint.__doc__ = handler.__doc__
    return endpoint


def _name(body: dict[str, Any], path: str) -> str | None:
    """The optional ``name`` of a request's body: a string of at most 40 characters."""
    name = body.get("name")
    if name is not None and not (isinstance(name, str) and len(name) <= 40):
        fail(path, f"expected a name of at most 40 characters, got {show(name)}")
    return name


@_http
async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table; with a ``name``, its creator seated at the lowest
    free seat (the answer then has the ``seat`` and its ``token``)."""
    try:
        body = await _body(request, TABLE_UNREAD)
        name = None
        if isinstance(body, dict) and "name" in body:
            body = dict(body)
            name = _name(body, "table.name")
            del body["name"]
        config = parse_table_config(body)
        if name is not None and len(config.bots) == config.players:
            fail("table.name", "no seat is free for the creator: every seat is a bot's")
    except FormatError as error:
        raise error_message(error, TABLE_UNREAD) from None
    hub: Hub = request.app.state.hub
    table = await hub.create(config)
    answer = table.summary()
    if name is not None:
        seat = min(s for s in range(config.players) if s not in config.bots)
        token = await hub.take_seat(table, seat, name.strip() or f"seat {seat}")
        answer = table.summary() | {"seat": seat, "token": token}
    return JSONResponse(answer, status_code=201)


LOBBY_UNSEATED: Final = 600.0
"""Seconds a table where no person has ever sat stays in the lobby's list."""


@_http
async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: the lobby: the games not over, less the tables where no person
    has ever sat once they are :data:`LOBBY_UNSEATED` seconds old."""
    hub: Hub = request.app.state.hub
    for table in list(hub.tables.values()):
        if table.known > table.state.version:  # moved by another process since we looked
            await table.catch_up()
    now = time.time()
    listed = [
        t.summary()
        for t in hub.tables.values()
        if not t.state.is_over and (t.seated or now - t.created < LOBBY_UNSEATED)
    ]
    return JSONResponse({"tables": listed})


@_http
async def get_table(request: Request) -> Response:
    """``GET /api/tables/{id}``: the seats and a spectator's view."""
    table = await _table(request)
    return JSONResponse(table.summary() | {"view": to_data(view(table.state, None))})


@_http
async def take_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}`` with ``{"name": ...}``: the seat's token."""
    table = await _table(request)
    try:
        body = read_object(await _body(request), "body", (), ("name",))
        name = _name(body, "body.name") or ""
        raw = str(request.path_params["seat"])
        if not raw.isdigit():
            raise ProtocolError("not_found", "ese asiento no existe", "no such seat")
    except FormatError as error:
        raise error_message(error, REQUEST_UNREAD) from None
    hub: Hub = request.app.state.hub
    token = await hub.take_seat(table, int(raw), name.strip() or f"seat {raw}")
    return JSONResponse({"table": table.table_id, "seat": int(raw), "token": token}, 201)


@_http
async def get_record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the full record once over, or a seat's own."""
    table = await _table(request)
    hub: Hub = request.app.state.hub
    text = hub.record(table, _token(request))
    return Response(text, media_type="application/json")


WEB: Final = Path(__file__).with_name("web")
"""The web client's files (HTML, CSS, JavaScript), served at ``/`` and ``/static``."""


async def index(request: Request) -> Response:
    """``GET /``: the web client (lobby and table, in one page)."""
    return FileResponse(WEB / "index.html", media_type="text/html")


async def words(request: Request) -> Response:
    """``GET /api/words``: the names of cards, suits and phases in Spanish and English
    (``golfo.notation``), for clients that draw them."""
    return JSONResponse(
        {
            "cards": {str(c): {lang: card_name(c, lang) for lang in LANGS} for c in DECK},
            "suits": {s.value: {lang: suit_name(s, lang) for lang in LANGS} for s in SUITS},
            "phases": {p.value: {lang: phase_name(p, lang) for lang in LANGS} for p in Phase},
            "terms": {k: dict(v) for k, v in TERMS.items()},
        }
    )


HEALTH_TIMEOUT: Final = 5.0
"""Seconds the health check waits for the database before it answers ``503``."""
_HEALTH: Final = ThreadPoolExecutor(max_workers=2, thread_name_prefix="golfo-health")


async def health(request: Request) -> Response:
    """``GET /api/health``: ``200 {"ok": true}`` once the database answered a query;
    ``503`` (``unavailable``) if it failed or did not answer within :data:`HEALTH_TIMEOUT`
    seconds.  For load balancers and monitors."""
    hub: Hub = request.app.state.hub
    loop = asyncio.get_running_loop()
    try:  # threads of its own: the store's may all be waiting for the database
        await asyncio.wait_for(loop.run_in_executor(_HEALTH, hub.store.check), HEALTH_TIMEOUT)
    except Exception as error:
        log.warning("the health check failed: %s", str(error) or type(error).__name__)
        return _error(ProtocolError("unavailable"))
    return JSONResponse({"ok": True})


async def server_info(request: Request) -> Response:
    """``GET /api/server``: what this server allows that clients may offer: ``{"seeds":
    bool}``, whether a table may be created with a ``seed``."""
    hub: Hub = request.app.state.hub
    return JSONResponse({"seeds": hub.seeds})


async def play(websocket: WebSocket) -> None:
    """``/api/tables/{id}/ws``: one seat's (or a spectator's) socket."""
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    try:
        table = await _table(websocket)
        if hub.connections >= hub.limits.connections:
            raise ProtocolError("full", "demasiadas conexiones", "too many connections")
        if len(table.connections) >= hub.limits.per_table:
            raise ProtocolError("full", "demasiadas conexiones a la mesa", "too many at the table")
        first = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
        hello = parse_client_message(_text(first), seat=None, players=table.config.players)
        if not isinstance(hello, Hello):
            raise ProtocolError("format", "empieza con hello", "start with hello")
        seat = table.seat_of(hello.token)
        if hello.token is not None and seat is None and hub.store.shared:
            await table.refresh_seats()  # a seat taken through another process a moment ago
            seat = table.seat_of(hello.token)
        if hello.token is not None and seat is None:
            raise ProtocolError("auth")
        await table.catch_up()
    except (ProtocolError, GolfoError, TimeoutError, WebSocketDisconnect, KeyError) as error:
        code = 1008
        if isinstance(error, ProtocolError | GolfoError):
            refusal = _refusal(error)
            code = 1013 if refusal.code == "unavailable" else 1008  # 1013: try again later
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps(refusal.data()))
        with contextlib.suppress(Exception):
            await websocket.close(code=code)
        return
    await _serve(hub, table, websocket, seat)


def _text(message: MutableMapping[str, Any]) -> str | bytes:
    if message.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def _serve(hub: Hub, table: Table, websocket: WebSocket, seat: int | None) -> None:
    closing = asyncio.Event()
    connection = Connection(seat, hub.limits, closing.set)

    async def sender() -> None:
        while True:
            text = await connection.queue.get()
            if text is None:
                return
            await websocket.send_text(text)

    table.connections.add(connection)
    hub.connections += 1
    send_task = asyncio.get_running_loop().create_task(sender())
    watcher = asyncio.get_running_loop().create_task(closing.wait())
    try:
        connection.send(table.view_message(seat))
        while True:
            receive = asyncio.get_running_loop().create_task(websocket.receive())
            done, _ = await asyncio.wait(
                {receive, watcher, send_task}, return_when=asyncio.FIRST_COMPLETED
            )
            if receive not in done:  # dropped for being slow, or the socket broke
                receive.cancel()
                break
            try:
                text = _text(receive.result())
            except WebSocketDisconnect:
                break
            if not connection.allow():
                connection.send(ProtocolError("rate").data())
                continue
            try:
                message = parse_client_message(text, seat=seat, players=table.config.players)
                if isinstance(message, Hello):
                    raise ProtocolError("format", "ya has dicho hello", "hello was said already")
                await table.handle(connection, message)
            except (ProtocolError, GolfoError) as error:
                connection.send(_refusal(error).data())
    finally:
        table.connections.discard(connection)
        hub.connections -= 1
        for task in (send_task, watcher):
            task.cancel()
        with contextlib.suppress(Exception):
            await websocket.close(code=1008 if connection.dropped else 1000)


def create_app(
    store: Store | str = ":memory:",
    *,
    limits: Limits | None = None,
    lease: float = 10.0,
    seeds: bool = False,
    secret: bytes | None = None,
) -> Starlette:
    """The server's ASGI application on ``store``: a :class:`Store`, a SQLite path
    (``":memory:"`` keeps nothing after the process) or a PostgreSQL URL, opened here and
    closed when the application stops.  Every stored table is rebuilt from its log at once;
    its bots and timers start with the application (with PostgreSQL, in the one process
    that holds the table's lease, which lasts ``lease`` seconds unrenewed).

    ``seeds`` allows tables created with a ``seed`` (tests and replays: off by default);
    seeded deals mix the seed with ``secret``, by default the database's own
    (:mod:`golfo.server.seeds`)."""
    owned = isinstance(store, str)
    if isinstance(store, str):
        store = open_store(store)
    hub = Hub(store, limits, lease=lease, seeds=seeds, secret=secret)
    hub.load()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.start()
        try:
            yield
        finally:
            hub.stop()
            if owned:
                hub.store.close()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/words", words),
            Route("/api/health", health),
            Route("/api/server", server_info),
            Mount("/static", StaticFiles(directory=WEB), name="static"),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables/{table_id}", get_table, methods=["GET"]),
            Route("/api/tables/{table_id}/seats/{seat}", take_seat, methods=["POST"]),
            Route("/api/tables/{table_id}/record", get_record, methods=["GET"]),
            WebSocketRoute("/api/tables/{table_id}/ws", play),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
