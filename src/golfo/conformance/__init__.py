"""The conformance kit for other implementations of El Golfo (``docs/conformance.md``).

- :mod:`golfo.conformance.protocol`: the engine protocol ``golfo-engine/1`` (JSON Lines on
  standard input and output) and golfo's side of it (``golfo conformance engine``);
- :mod:`golfo.conformance.runner`: the lockstep runner (``golfo conformance run``), with
  :mod:`golfo.conformance.engine` (the engine's process), :mod:`golfo.conformance.suite` (the
  games read from files), :mod:`golfo.conformance.findings` (ids, selection, known
  differences, divergences) and :mod:`golfo.conformance.report` (JSON and JUnit reports);
- :mod:`golfo.conformance.perft`: perft counts from published positions (``golfo perft``);
- :mod:`golfo.conformance.corpus`: a generated corpus of games with their legal moves at
  every step (``golfo conformance generate``).
"""
