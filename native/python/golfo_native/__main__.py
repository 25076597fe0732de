"""``python -m golfo_native engine``."""

from golfo_native.cli import main

raise SystemExit(main())
