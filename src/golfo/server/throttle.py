"""Failed authentications, throttled per client address.

A token is 192 random bits: guessing one is hopeless, but each guess costs the server work
(on PostgreSQL a read of the table's seats), and an address that sends thousands of bad
tokens a second is up to no good.  :class:`Throttle` keeps a token bucket of *failures* per
client address: ``burst`` bad tokens at once, then one more every ``wait`` seconds.  An
address whose bucket is empty is refused with ``rate`` (and how long to wait) before its
token is even looked at: a good token too, or the lockout would not slow the guessing.
Successes cost nothing, so a player who never sends a bad token is never throttled.

An IPv6 address is counted with its /64 (one host usually holds a whole /64); the table of
addresses is bounded (the least recently failed forgotten first, and a
forgotten address starts again with a full bucket).
"""

from __future__ import annotations

import ipaddress
import math
import time
from typing import Final

from golfo.server.protocol import ProtocolError

__all__ = ["Throttle", "address_key"]

MOST_ADDRESSES: Final = 65_536
"""Addresses remembered at once."""


def address_key(address: str | None) -> str:
    """What a client address is counted as, here, in the server's limits on connections and
    in the quotas of :mod:`golfo.server.bounds`: itself, or its /64 for IPv6 (an IPv4 address
    mapped into IPv6 as the IPv4 one; ``""``: unknown).

    >>> address_key("2001:db8::1"), address_key("::ffff:192.0.2.7")
    ('2001:db8::/64', '192.0.2.7')
    """
    if not address:
        return ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class Throttle:
    """Failed authentications per client address: ``burst`` at once, then one every ``wait``
    seconds (a token bucket).

    Each try takes a failure from the address's bucket *before* the token is looked at
    (:meth:`begin`), and gives it back if the token was good (:meth:`passed`): tries made at
    the same moment cannot all slip through before the first of them has failed.

    >>> throttle = Throttle(burst=2, wait=60.0)
    >>> for _ in range(2):
    ...     throttle.begin("192.0.2.7")  # two bad tokens: nothing given back
    >>> throttle.begin("192.0.2.7")
    Traceback (most recent call last):
    ...
    golfo.server.protocol.ProtocolError: too many bad tokens from this address: wait 60 s
    >>> throttle.begin("192.0.2.8"); throttle.passed("192.0.2.8")  # another, good: no wait
    """

    def __init__(self, burst: int = 10, wait: float = 6.0, *, most: int = MOST_ADDRESSES) -> None:
        if burst < 1 or not wait > 0:
            raise ValueError("a throttle needs a burst of at least 1 and a wait above 0")
        self.burst = burst
        """Failures an address may make at once."""
        self.wait = wait
        """Seconds after which an address may fail once more."""
        self._most = most
        self._buckets: dict[str, tuple[float, float]] = {}  # key: (failures left, when)

    def _left(self, key: str, now: float) -> float:
        left, when = self._buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), left + (now - when) / self.wait)

    def begin(self, address: str | None) -> None:
        """A try from ``address``: one failure taken from its bucket, or :class:`ProtocolError`
        ``rate`` (with ``retry_after``) if none is left: it may not try a token now."""
        key, now = address_key(address), time.monotonic()
        left = self._left(key, now)
        if left < 1:
            wait = max(1, math.ceil((1 - left) * self.wait))
            raise ProtocolError(
                "rate",
                f"demasiados tokens no válidos desde esta dirección: espera {wait} s",
                f"too many bad tokens from this address: wait {wait} s",
                detail=f"retry after {wait} s",
                whole=True,
                retry_after=wait,
            )
        self._buckets.pop(key, None)  # to the end: the most recent
        self._buckets[key] = (left - 1, now)
        while len(self._buckets) > self._most:  # the least recent: likely full again
            del self._buckets[next(iter(self._buckets))]

    def passed(self, address: str | None) -> None:
        """The try :meth:`begin` counted was a good token: its failure given back."""
        key, now = address_key(address), time.monotonic()
        left = self._left(key, now) + 1
        if left >= self.burst:
            self._buckets.pop(key, None)
        else:
            self._buckets[key] = (left, now)
