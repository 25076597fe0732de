"""``golfo serve``: an authoritative table server for frontends (extra ``golfo[server]``).

The server holds the true state of every game; each player's socket receives only its
seat's view; moves are taken from the seat whose token the socket presented, against the
current version; bots fill seats and play for absent players when a turn timer runs out;
every action is committed to the database before anyone hears of it, and every live game is
rebuilt from its log once the server listens (an archived one when asked for).  The protocol
is in ``docs/server.md``.

``import golfo`` never imports this package (it needs Starlette and uvicorn).

- :func:`create_app`: the ASGI application, on a store;
- :class:`SQLiteStore` and the :class:`Store` interface; :func:`open_store` opens what
  ``--db`` names, a SQLite file or a PostgreSQL database
  (:class:`golfo.server.postgres.PostgresStore`, extra ``golfo[postgres]``, for several
  processes on one database: ``docs/deployment.md``);
- :func:`main`: ``golfo serve`` (also ``python -m golfo.server``).
"""

from golfo.server.app import create_app
from golfo.server.databases import open_store
from golfo.server.limits import Limits
from golfo.server.run import main, serve
from golfo.server.storage import StaleLogError, Store, StoreError
from golfo.server.store import SQLiteStore
from golfo.server.tables import Hub

__all__ = [
    "Hub",
    "Limits",
    "SQLiteStore",
    "StaleLogError",
    "Store",
    "StoreError",
    "create_app",
    "main",
    "open_store",
    "serve",
]
