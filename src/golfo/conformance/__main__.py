"""``python -m golfo.conformance COMMAND``: the same as ``golfo conformance COMMAND``."""

import sys

from golfo.conformance.command import conformance_main

raise SystemExit(conformance_main(sys.argv[1:]))
