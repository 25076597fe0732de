"""Adapters for game-AI frameworks, each behind its own extra.

- :mod:`golfo.ext.pettingzoo` (``pip install 'golfo[pettingzoo]'``): a PettingZoo AEC environment.
- :mod:`golfo.ext.openspiel` (``pip install 'golfo[openspiel]'``): the OpenSpiel game
  ``python_golfo``.
- :mod:`golfo.ext.gymnasium` (``pip install 'golfo[gymnasium]'`` and golfo-native):
  Gymnasium environments for one learning seat, single and vector.
- :mod:`golfo.ext.codec` (no extra needed): the integer action ids both adapters share.
- :mod:`golfo.ext.features` (no extra needed): the observation vectors and strings both
  adapters build from a :class:`golfo.View`.
- :mod:`golfo.ext.dataset` (numpy; ``pip install 'golfo[parquet]'`` for Parquet): self-play
  decisions as columns of arrays, in ``.npz`` or ``.parquet`` files.

The action ids come from :mod:`golfo.ext.codec`.  See ``docs/guides/research.md``.
"""
