"""The lobby's work: creating tables and giving seats, within the server's limits.

A new table is stored with its seats and its first deal in one transaction, and only if the
live tables stay within the server's cap (``--max-tables``) and the client address that asks
within its quotas of live tables and of seats (``--tables-per-client``,
``--seats-per-client``; :mod:`golfo.server.bounds`): the store counts them in the same
transaction, so that clients asking at once cannot slip past.  Past the cap a client is
told ``full``; past its address's quota, ``rate``.
"""

from __future__ import annotations

import functools
import logging
import secrets
import time

from golfo.reducer import new_game
from golfo.server.protocol import NO_SEEDS, ProtocolError, TableConfig
from golfo.server.storage import ClosedError, FullError, Room, SeatRow, TableRow
from golfo.server.tables import Hub, Table, hash_token, since

__all__ = ["create", "take_seat"]

log = logging.getLogger("golfo.server")


async def create(
    hub: Hub, config: TableConfig, *, creator: str = "", name: str | None = None
) -> tuple[Table, str | None]:
    """A new table, its first hand dealt; with a ``name``, its creator seated at the
    lowest free seat.  The table, its seats and its first deal are stored in one
    transaction (nothing of it is kept if that fails), if the live tables, the creator's
    (a client address; ``""``: unknown, no quota) and its seats stay within the
    server's limits.  The table, and the creator's token (``None`` without a name)."""
    if config.seed is not None and not hub.seeds:
        raise ProtocolError(
            "format",
            *NO_SEEDS,
            detail="table.seed: this server takes no seeds (golfo serve --allow-seeds)",
            whole=True,
        )
    most = hub.bounds.max_hands
    if config.rules.hands is not None and config.rules.hands > most:
        raise ProtocolError(
            "format",
            f"en este servidor una partida tiene como mucho {most} manos",
            f"on this server a game has at most {most} hands",
            detail=f"table.hands: at most {most} (golfo serve --max-hands)",
            whole=True,
        )
    table_id = secrets.token_hex(6)
    seats = [
        SeatRow("bot", name=f"bot ({config.bots[s]})", bot=config.bots[s])
        if s in config.bots
        else SeatRow("free")
        for s in range(config.players)
    ]
    token = None
    if name is not None:
        seat = min(s for s in range(config.players) if s not in config.bots)
        token = secrets.token_urlsafe(24)  # 192 bits
        seats[seat] = SeatRow("human", name, hash_token(token), seats[seat].bot, taker=creator)
    start = new_game(config.rules, players=config.players)
    created = time.time()
    table = Table(hub, table_id, config, seats, start, created)
    # the first deal is the server's first move: committed with the table itself
    dealt = table.deal_chance(start)
    row = TableRow(table_id, config.to_data(), tuple(seats), False, created, creator=creator)
    room = Room(hub.limits.tables, hub.bounds.tables_per_client, hub.bounds.seats_per_client)
    hub.creating.add(table_id)  # its own announcement must not load a second copy
    try:
        store = functools.partial(hub.store.create_table, room=room)
        await hub.call(store, row, since(start, dealt))
    except FullError as error:
        raise _full(error) from None
    finally:
        hub.creating.discard(table_id)
    table.state = dealt
    table.known = dealt.version
    hub.tables[table_id] = table
    if hub.store.shared:
        try:  # its creator runs its tasks, until it dies
            if await hub.call(hub.store.take_lease, hub.holder, table_id, hub.lease):
                hub.held.add(table_id)
        except Exception as error:  # the next round of leases takes it
            log.warning("table %s: cannot take its lease yet: %s", table_id, error)
    table.schedule()
    return table, token


async def take_seat(hub: Hub, table: Table, seat: int, name: str, taker: str = "") -> str:
    """Give a free seat to a player (from the client address ``taker``, within its quota
    of seats); its token (shown once, stored as a hash)."""
    if not 0 <= seat < len(table.seats):
        raise ProtocolError("not_found", "ese asiento no existe", "no such seat")
    table.refuse_if_closed()
    if table.seats[seat].kind != "free":
        raise ProtocolError("taken")
    token = secrets.token_urlsafe(24)  # 192 bits
    bot = table.seats[seat].bot
    row = SeatRow("human", name=name, token_hash=hash_token(token), bot=bot, taker=taker)
    take = functools.partial(hub.store.set_seat, expect="free", quota=hub.bounds.seats_per_client)
    try:
        taken = await hub.call(take, table.table_id, seat, row)
    except FullError as error:
        raise _full(error) from None
    except ClosedError:
        table.close("")
        table.refuse_if_closed()
        raise
    if not taken:
        fresh = await hub.call(hub.store.table, table.table_id)  # given a moment ago
        if fresh is not None:
            table.put_seats(list(fresh.seats))
        raise ProtocolError("taken")
    table.put_seat(seat, row)
    table.changed()
    return token


def _full(error: FullError) -> ProtocolError:
    """What a client is told when the server's cap or its address's quota is reached."""
    most = error.most
    if error.what == "client_tables":
        return ProtocolError(
            "rate",
            f"ya hay {most} mesas abiertas creadas desde tu dirección: espera a que termine alguna",
            f"{most} open tables were created from your address already: wait until one ends",
            detail=f"at most {most} live tables per client address (golfo serve "
            "--tables-per-client)",
            whole=True,
        )
    if error.what == "client_seats":
        return ProtocolError(
            "rate",
            f"ya hay {most} asientos ocupados desde tu dirección en mesas abiertas: espera a que "
            "termine alguna de esas partidas",
            f"your address holds {most} seats at open tables already: wait until one of those "
            "games ends",
            detail=f"at most {most} seats per client address (golfo serve --seats-per-client)",
            whole=True,
        )
    return ProtocolError("full", "demasiadas mesas", "too many tables")
