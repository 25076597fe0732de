"""``python -m golfo``: the ``golfo`` command (see :mod:`golfo.cli`)."""

from golfo.cli import main

raise SystemExit(main())
