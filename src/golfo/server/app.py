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
import re
import time
import unicodedata
from collections.abc import AsyncIterator, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp
from starlette.websockets import WebSocket, WebSocketDisconnect

from golfo._reading import fail, read_object, show
from golfo.cards import DECK, SUITS
from golfo.errors import FormatError, GolfoError
from golfo.notation import LANGS, TERMS, card_name, phase_name, suit_name
from golfo.rules import PRESETS
from golfo.server import lobby
from golfo.server.admission import Admission
from golfo.server.bounds import Bounds
from golfo.server.databases import open_store
from golfo.server.guard import Guard, Origins, require_json
from golfo.server.limits import Connection, Limits
from golfo.server.protocol import (
    MOVE_UNREAD,
    REQUEST_UNREAD,
    TABLE_UNREAD,
    Hello,
    ProtocolError,
    error_message,
    parse_client_message,
    parse_table_config,
    read_json,
)
from golfo.server.storage import Store, UnavailableError
from golfo.server.tables import Hub, Table
from golfo.server.throttle import Throttle, address_key
from golfo.server.upkeep import Upkeep
from golfo.state import Phase
from golfo.views import view
from golfo.wire import to_data

__all__ = ["MAX_BODY", "create_app"]

log = logging.getLogger("golfo.server")

MAX_BODY: Final = 65_536
"""The largest HTTP request body read, in bytes."""
_STATUS: Final = {
    "format": 400,
    "auth": 401,
    "not_your_seat": 403,
    "not_found": 404,
    "taken": 409,
    "not_over": 409,
    "full": 503,
    "rate": 429,
    "origin": 403,
    "media_type": 415,
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
    response = JSONResponse({"error": data}, status_code=_STATUS.get(error.code, 400))
    if error.retry_after is not None:
        response.headers["Retry-After"] = str(error.retry_after)
    return response


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
        return read_json(text, "body", MAX_BODY)
    except FormatError as error:
        raise error_message(error, unread) from None


_TABLE_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
"""What a table's id may be (they are 12 hexadecimal digits): anything else is no table,
without asking the database (which may not even take it: PostgreSQL refuses a NUL)."""


async def _table(request: Request | WebSocket) -> Table:
    hub: Hub = request.app.state.hub
    table_id = str(request.path_params.get("table_id", ""))
    table = await hub.find(table_id) if _TABLE_ID.fullmatch(table_id) else None
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


def _address(request: Request | WebSocket) -> str | None:
    """The client's address (behind a trusted proxy, the one it forwarded for)."""
    return request.client.host if request.client is not None else None


def _http(handler: Any) -> Any:
    """An HTTP endpoint whose :class:`ProtocolError` s become JSON errors.  A request that
    changes something (not ``GET``) must come from an allowed page (``Origin``) and say
    that it is JSON (``golfo.server.guard``)."""

    async def endpoint(request: Request) -> Response:
        try:
            if request.method not in ("GET", "HEAD"):
                origins: Origins = request.app.state.origins
                origins.check(request.headers)
                require_json(request.headers)
            response: Response = await handler(request)
            return response
        except ProtocolError as error:
            return _error(error)
        except GolfoError as error:
            return _error(_refusal(error))
        except ClientDisconnect:  # gone before its body came (or closed for being slow)
            return Response(status_code=400)  # to nobody

    endpoint.__doc__ = handler.__doc__
    return endpoint


_CONTROLS: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""The kinds of character a name may not hold: controls (NUL, line breaks...), surrogates,
line and paragraph separators."""


def _name(body: dict[str, Any], path: str) -> str | None:
    """The optional ``name`` of a request's body: a string of at most 40 characters, none of
    them a control character."""
    name = body.get("name")
    if name is not None and not (
        isinstance(name, str)
        and len(name) <= 40
        and not any(unicodedata.category(c) in _CONTROLS for c in name)
    ):
        fail(
            path,
            f"expected a name of at most 40 characters, no control characters, got {show(name)}",
        )
    return name


@_http
async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table; with a ``name``, its creator seated at the lowest
    free seat (the answer then has the ``seat`` and its ``token``).  Within the server's cap
    of live tables and the client address's quotas (``golfo.server.lobby``)."""
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
    seat = min((s for s in range(config.players) if s not in config.bots), default=0)
    if name is not None:
        name = name.strip() or f"seat {seat}"
    table, token = await lobby.create(
        hub, config, creator=address_key(_address(request)), name=name
    )
    answer = table.summary()
    if token is not None:
        answer |= {"seat": seat, "token": token}
    return JSONResponse(answer, status_code=201)


LOBBY_UNSEATED: Final = 600.0
"""Seconds a table where no person has ever sat stays in the lobby's list."""


@_http
async def list_tables(request: Request) -> Response:
    """``GET /api/tables``: the lobby: the live tables whose games are not over, less the
    tables where no person has ever sat once they are :data:`LOBBY_UNSEATED` seconds old
    (after a start, once every live table is loaded)."""
    hub: Hub = request.app.state.hub
    for table_id in list(hub.pending):
        await hub.find(table_id)
    for table in [t for t in hub.tables.values() if t.archived is None]:
        if table.known > table.state.version:  # moved by another process since we looked
            await table.catch_up()
    now = time.time()
    listed = [
        t.summary()
        for t in hub.tables.values()
        if t.archived is None
        and not t.state.is_over
        and (t.seated or now - t.created < LOBBY_UNSEATED)
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
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 2):  # not "²", not 5,000 digits
            raise ProtocolError("not_found", "ese asiento no existe", "no such seat")
    except FormatError as error:
        raise error_message(error, REQUEST_UNREAD) from None
    hub: Hub = request.app.state.hub
    taker = address_key(_address(request))
    token = await lobby.take_seat(hub, table, int(raw), name.strip() or f"seat {raw}", taker)
    return JSONResponse({"table": table.table_id, "seat": int(raw), "token": token}, 201)


@_http
async def get_record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the full record once over, or a seat's own."""
    table = await _table(request)
    hub: Hub = request.app.state.hub
    throttle: Throttle = request.app.state.throttle
    if "authorization" not in request.headers:
        return Response(hub.record(table, None), media_type="application/json")
    throttle.begin(_address(request))  # a bad token counts against the address
    text = hub.record(table, _token(request))
    throttle.passed(_address(request))
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


PRESET_INFO: Final = {
    name: {"hands": rules.hands, "table_sizes": list(rules.table_sizes)}
    for name, rules in PRESETS.items()
}
"""The presets a table may be created with (:data:`golfo.rules.PRESETS`), by name: their
number of hands (``None``: open-ended) and their table sizes."""


async def server_info(request: Request) -> Response:
    """``GET /api/server``: what this server allows that clients may offer: ``{"seeds":
    bool, "max_hands": int, "presets": {...}}``, whether a table may be created with a
    ``seed``, the most hands a game may have, and the presets (:data:`PRESET_INFO`)."""
    hub: Hub = request.app.state.hub
    return JSONResponse(
        {"seeds": hub.seeds, "max_hands": hub.bounds.max_hands, "presets": PRESET_INFO}
    )


async def play(websocket: WebSocket) -> None:
    """``/api/tables/{id}/ws``: one seat's (or a spectator's) socket."""
    hub: Hub = websocket.app.state.hub
    throttle: Throttle = websocket.app.state.throttle
    try:
        origins: Origins = websocket.app.state.origins
        origins.check(websocket.headers)
    except ProtocolError as error:  # a page of another site: refused at the handshake (403)
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(_error(error))
        else:  # pragma: no cover - every server golfo runs on has the extension
            await websocket.close(code=1008)
        return
    await websocket.accept()
    admission: Admission = websocket.app.state.admission
    ticket = None
    try:
        table = await _table(websocket)
        first = await asyncio.wait_for(websocket.receive(), hub.limits.hello_timeout)
        hello = parse_client_message(_text(first), seat=None, players=table.config.players)
        if not isinstance(hello, Hello):
            raise ProtocolError("format", "empieza con hello", "start with hello")
        if hello.token is not None:
            throttle.begin(_address(websocket))  # a bad token counts against the address
        seat = table.seat_of(hello.token)
        if hello.token is not None and seat is None and hub.store.shared:
            await table.refresh_seats()  # a seat taken through another process a moment ago
            seat = table.seat_of(hello.token)
        if hello.token is not None and seat is None:
            raise ProtocolError("auth")
        if hello.token is not None:
            throttle.passed(_address(websocket))
        # counted once known for a seat's or a spectator's: anonymous sockets cannot keep
        # a player out (golfo.server.admission)
        ticket = admission.admit(table.table_id, seat, _address(websocket))
        await table.catch_up()
    except (ProtocolError, GolfoError, TimeoutError, WebSocketDisconnect, KeyError) as error:
        if ticket is not None:
            ticket.release()
        code = 1008
        if isinstance(error, ProtocolError | GolfoError):
            refusal = _refusal(error)
            code = 1013 if refusal.code == "unavailable" else 1008  # 1013: try again later
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps(refusal.data()))
        with contextlib.suppress(Exception):
            await websocket.close(code=code)
        return
    try:
        await _serve(hub, table, websocket, seat)
    finally:
        ticket.release()


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

    table.join(connection)
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
        table.leave(connection)
        hub.connections -= 1
        for task in (send_task, watcher):
            task.cancel()
        with contextlib.suppress(Exception):
            await websocket.close(code=1008 if connection.dropped else 1000)


class _Guarded(Starlette):
    """The application with :class:`golfo.server.guard.Guard` outside everything, even the
    handler of unexpected errors: every response has the security headers."""

    def __init__(self, origins: Origins, **options: Any) -> None:
        self.origins = origins
        super().__init__(**options)

    def build_middleware_stack(self) -> ASGIApp:
        return Guard(super().build_middleware_stack(), self.origins)


def create_app(
    store: Store | str = ":memory:",
    *,
    limits: Limits | None = None,
    lease: float = 10.0,
    allow_origins: Iterable[str] = (),
    seeds: bool = False,
    secret: bytes | None = None,
    bounds: Bounds | None = None,
) -> Starlette:
    """The server's ASGI application on ``store``: a :class:`Store`, a SQLite path
    (``":memory:"`` keeps nothing after the process) or a PostgreSQL URL, opened here and
    closed when the application stops.  The live tables are rebuilt from their logs once
    the application starts, one by one (or at once when asked for); archived tables only
    when asked for.  Their bots and timers run with the application (with PostgreSQL, in
    the one process that holds the table's lease, which lasts ``lease`` seconds unrenewed),
    within the ``bounds`` (:mod:`golfo.server.bounds`: by default ``golfo serve``'s).

    Web pages of the ``allow_origins`` (``"https://cards.example.org"``) may use it besides
    its own (``golfo.server.guard``); a bad origin is a :class:`ValueError`.

    ``seeds`` allows tables created with a ``seed`` (tests and replays: off by default);
    seeded deals mix the seed with ``secret``, by default the database's own
    (:mod:`golfo.server.seeds`)."""
    origins = Origins(allow_origins)
    owned = isinstance(store, str)
    if isinstance(store, str):
        store = open_store(store)
    hub = Hub(store, limits, lease=lease, seeds=seeds, secret=secret, bounds=bounds)
    hub.load()
    upkeep = Upkeep(hub)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        upkeep.start()
        try:
            yield
        finally:
            upkeep.stop()
            if owned:
                hub.store.close()

    app = _Guarded(
        origins,
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
    app.state.upkeep = upkeep
    app.state.origins = origins
    app.state.throttle = Throttle(hub.limits.auth_failures, hub.limits.auth_wait)
    app.state.admission = Admission(hub.limits)
    return app
