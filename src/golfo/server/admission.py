"""Who may hold a table's WebSocket: players by their token first, spectators within caps.

A socket is admitted only once its hello has been read (``golfo.server.app``), so the server
knows whether it is a seat's or a spectator's before it counts it (issue 33: anonymous
sockets counted first had locked seated players out).  Then:

- **A seat's token** is always let in, up to ``Limits.per_seat`` sockets for that seat at
  once (a few tabs, a reconnection while the old socket is not yet known dead); anonymous
  sockets never take a player's place.
- **A spectator** is let in while the table has fewer than ``Limits.spectators_per_table``,
  its client address (its IPv6 /64) fewer than ``Limits.spectators_per_address`` over every
  table, and the server fewer than ``Limits.spectators`` (half of ``Limits.connections``
  unless set): the rest of the server's connections are left to players and requests.

Past a cap the hello is answered with ``full`` (saying which) and the socket closed.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from golfo.server.limits import Limits
from golfo.server.protocol import ProtocolError
from golfo.server.throttle import address_key

__all__ = ["Admission", "Ticket"]

_SEAT: Final = ("demasiadas conexiones para este asiento", "too many connections for this seat")
_TABLE: Final = (
    "no caben más espectadores en esta mesa",
    "no room for more spectators at this table",
)
_ADDRESS: Final = (
    "demasiados espectadores desde tu dirección",
    "too many spectators from your address",
)
_SERVER: Final = ("no caben más espectadores", "no room for more spectators")


class Ticket:
    """One admitted socket's place, given back with :meth:`release` (once)."""

    def __init__(self, admission: Admission, keys: tuple[object, ...]) -> None:
        self._admission = admission
        self._keys: tuple[object, ...] | None = keys

    def release(self) -> None:
        """The socket closed: its place is free (nothing the second time)."""
        if self._keys is not None:
            self._admission._release(self._keys)
            self._keys = None


class Admission:
    """The sockets admitted to the tables of one server process, by seat and spectator.

    >>> admission = Admission(Limits(spectators=10, spectators_per_table=1, per_seat=1))
    >>> watching = admission.admit("t1", None, "192.0.2.7")
    >>> admission.admit("t1", None, "192.0.2.8")
    Traceback (most recent call last):
    ...
    golfo.server.protocol.ProtocolError: no room for more spectators at this table
    >>> playing = admission.admit("t1", 0, "192.0.2.8")  # a seat: the spectators do not count
    >>> watching.release(); admission.admit("t1", None, "192.0.2.8").release()
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        """The caps (``per_seat`` and the ``spectators`` ones)."""
        self.spectators = (
            limits.spectators if limits.spectators is not None else limits.connections // 2
        )
        """Spectators' sockets over every table, at most."""
        self._counts: Counter[object] = Counter()

    def count(self, key: object) -> int:
        """Sockets admitted now under ``key``: ``("seat", table, seat)``, ``("table",
        table)`` (its spectators), ``("address", key)`` (spectators from an address) or
        ``"spectators"``."""
        return self._counts[key]

    def admit(self, table: str, seat: int | None, address: str | None) -> Ticket:
        """A place for a socket of ``seat`` (``None``: a spectator) at ``table`` from the
        client ``address``, or :class:`ProtocolError` ``full`` saying which cap it met."""
        limits = self.limits
        if seat is not None:
            keys: tuple[object, ...] = (("seat", table, seat),)
            if self._counts[keys[0]] >= limits.per_seat:
                raise ProtocolError("full", *_SEAT, detail=f"at most {limits.per_seat}", whole=True)
        else:
            keys = (("table", table), ("address", address_key(address)), "spectators")
            for key, most, words in zip(
                keys,
                (limits.spectators_per_table, limits.spectators_per_address, self.spectators),
                (_TABLE, _ADDRESS, _SERVER),
                strict=True,
            ):
                if self._counts[key] >= most:
                    raise ProtocolError("full", *words, detail=f"at most {most}", whole=True)
        for taken in keys:
            self._counts[taken] += 1
        return Ticket(self, keys)

    def _release(self, keys: tuple[object, ...]) -> None:
        for key in keys:
            self._counts[key] -= 1
            if not self._counts[key]:
                del self._counts[key]
