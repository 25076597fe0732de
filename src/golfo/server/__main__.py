"""``python -m golfo.server``: the same as ``golfo serve``."""

from golfo.server.run import main

raise SystemExit(main())
