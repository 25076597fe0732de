"""What ``golfo serve`` tells browsers, and which web pages may use it.

- **Every response** carries :func:`security_headers`: a Content-Security-Policy that lets the
  page load only the server's own scripts, styles and pictures, talk only to its own host, and
  be framed by nobody (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY`` for older
  browsers), with ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.
  :class:`Guard` adds them, outside everything else, so errors and static files have them too.
- **Requests that change something** (``POST``) must say they are JSON
  (:func:`require_json`: ``415 media_type`` otherwise: a web page can send ``text/plain``
  anywhere without asking, but not ``application/json``), and **their ``Origin``**, which every
  browser sends with them and with every WebSocket, must be the server's own (the host the
  request was sent to) or one the operator allows (``--allow-origin``):
  :meth:`Origins.check`, ``403 origin`` otherwise.  A request without ``Origin`` is not a
  browser's page: a program (``curl``, ``golfo.server.client``, Node), allowed.
- **Allowed origins** (a frontend hosted elsewhere) are answered with CORS: their preflight
  (``OPTIONS``) and ``Access-Control-Allow-Origin`` on every answer, so that their pages may
  read what they asked for.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from golfo.server.protocol import ProtocolError

__all__ = ["Guard", "Origins", "normal_origin", "require_json", "security_headers"]

_DEFAULT_PORTS: Final = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_HOST: Final = re.compile(
    r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?", re.ASCII
)
"""A ``Host`` header that may be written into the CSP as it is (a name or an address, and a
port): anything else is left out of it (``'self'`` still covers the page's own host)."""


def normal_origin(url: str) -> str:
    """An origin as browsers write it in ``Origin``: ``scheme://host`` and ``:port`` unless
    it is the scheme's default, lower case; :class:`ValueError` for anything that is not
    an ``http`` or ``https`` origin (a path, a query, a user, another scheme, ``null``).

    >>> normal_origin("HTTPS://Play.Example.org:443/")
    'https://play.example.org'
    >>> normal_origin("http://[::1]:8080")
    'http://[::1]:8080'
    """
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = parts.hostname
    if scheme not in ("http", "https") or not host:
        raise ValueError(f"not an http or https origin: {url!r}")
    if parts.username or parts.password or parts.path not in ("", "/") or parts.query:
        raise ValueError(f"an origin is a scheme, a host and a port, nothing more: {url!r}")
    if parts.fragment or "#" in url:
        raise ValueError(f"an origin is a scheme, a host and a port, nothing more: {url!r}")
    port = parts.port  # ValueError when out of range
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}" + ("" if port in (None, _DEFAULT_PORTS[scheme]) else f":{port}")


def _same_host(origin: str, host: str | None) -> bool:
    """Whether ``origin`` names the host (and port) the request was sent to (``Host``): the
    server's own page.  The scheme is not compared: behind a proxy that ends TLS the page is
    ``https`` and the server is spoken to in ``http``; a port left out of ``Host`` is the
    default of the origin's scheme."""
    if not host:
        return False
    try:
        page = urlsplit(origin)
        sent = urlsplit("//" + host)
        if sent.path or sent.query or sent.fragment or sent.username or not sent.hostname:
            return False
        default = _DEFAULT_PORTS.get(page.scheme.lower())
        if default is None or page.hostname is None:
            return False
        return (page.hostname, page.port or default) == (sent.hostname, sent.port or default)
    except ValueError:  # a port out of range, a broken IPv6 address
        return False


class Origins:
    """The web pages that may use the server: its own (whatever host it is reached by) and
    the operator's ``allowed`` origins (``--allow-origin``, for frontends hosted elsewhere).

    >>> origins = Origins(["https://cards.example.org"])
    >>> origins.allows("https://cards.example.org", "golfo.example.org")
    True
    >>> origins.allows("https://golfo.example.org", "golfo.example.org")  # its own page
    True
    >>> origins.allows("https://evil.example", "golfo.example.org")
    False
    >>> origins.allows(None, "golfo.example.org")  # not a browser's page: a program
    True
    """

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = frozenset(normal_origin(url) for url in allowed)
        """The operator's origins, as :func:`normal_origin` writes them."""

    def listed(self, origin: str | None) -> bool:
        """Whether ``origin`` is one of the operator's (so CORS answers it)."""
        if origin is None or not self.allowed:
            return False
        try:
            return normal_origin(origin) in self.allowed
        except ValueError:
            return False

    def allows(self, origin: str | None, host: str | None) -> bool:
        """Whether a request with this ``Origin`` sent to this ``Host`` may change
        something or open a socket."""
        return origin is None or _same_host(origin, host) or self.listed(origin)

    def check(self, headers: Mapping[str, str]) -> None:
        """:class:`ProtocolError` ``origin`` unless :meth:`allows` the request's headers."""
        origin, host = headers.get("origin"), headers.get("host")
        if origin is not None and not self.allows(origin, host):
            raise ProtocolError(
                "origin",
                detail=f"Origin {origin[:100]!r} is neither this server's own nor allowed "
                "(golfo serve --allow-origin)",
            )


def require_json(headers: Mapping[str, str]) -> None:
    """:class:`ProtocolError` ``media_type`` unless the request says its body is JSON
    (``Content-Type: application/json``, with or without a ``charset``)."""
    kind = headers.get("content-type", "")
    if kind.partition(";")[0].strip().lower() != "application/json":
        raise ProtocolError(
            "media_type", detail=f"Content-Type {kind[:100]!r}, expected application/json"
        )


def security_headers(host: str | None) -> tuple[tuple[bytes, bytes], ...]:
    """The headers every response carries, for a request sent to ``host``.

    The web client has no inline script, event handler or ``style`` attribute (a timer's
    length is set through the CSSOM, which a policy does not restrict), so scripts and
    styles are ``'self'`` only; pictures are the server's own or ``data:`` URLs (the empty
    icon); the page connects to its own host, over HTTP and WebSockets."""
    return _headers(host if host is not None and _HOST.fullmatch(host) else None)


@functools.lru_cache(maxsize=64)
def _headers(host: str | None) -> tuple[tuple[bytes, bytes], ...]:
    connect = "'self'" if host is None else f"'self' ws://{host} wss://{host}"
    policy = "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            f"connect-src {connect}",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )
    return (
        (b"content-security-policy", policy.encode("ascii")),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    )


_PREFLIGHT: Final = {
    "Access-Control-Allow-Methods": "GET, POST",
    "Access-Control-Allow-Headers": "Content-Type, Authorization",
    "Access-Control-Max-Age": "600",
}


class Guard:
    """ASGI middleware around the whole application: :func:`security_headers` on every
    HTTP response (errors included), and CORS for the operator's allowed origins (their
    preflights answered here)."""

    def __init__(self, app: ASGIApp, origins: Origins) -> None:
        self.app = app
        self.origins = origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        extra = list(security_headers(headers.get("host")))
        listed = self.origins.listed(origin)
        if self.origins.allowed:
            extra.append((b"vary", b"Origin"))
        if listed and origin is not None:
            extra.append((b"access-control-allow-origin", origin.encode("latin-1")))
            extra.append((b"access-control-expose-headers", b"Retry-After"))

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                own: list[Any] = list(message.get("headers", []))
                present = {bytes(name).lower() for name, _ in own}
                message = dict(message)
                message["headers"] = own + [(k, v) for k, v in extra if k not in present]
            await send(message)

        if scope["method"] == "OPTIONS" and listed and "access-control-request-method" in headers:
            await Response(status_code=204, headers=_PREFLIGHT)(scope, receive, sending)
            return
        await self.app(scope, receive, sending)
