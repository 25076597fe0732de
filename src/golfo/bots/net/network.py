"""The network behind :class:`golfo.NetBot`: dense layers with ReLU between them, from
:data:`~golfo.bots.net.features.SIZE` features to the logits of
:data:`~golfo.bots.net.features.MENU`, read from a small file and run in plain Python
(no NumPy, no deep-learning framework).

The file (``golfo-net/1``) is the bytes ``GOLFONET``, a little-endian ``uint32`` header
length, the header in UTF-8 JSON (``format``, ``features``, ``menu``, ``layers``: the
``[inputs, outputs]`` of each layer, ``value``: the ``[inputs, 1]`` of the value head used
in training or ``null``, ``meta``: how it was trained), then the weights as little-endian
``float32``: per layer its ``inputs x outputs`` matrix row by input, then its biases, layer
after layer, then the value head's.  golfo-native runs the same network in Rust
(``golfo_native.register_network``).

>>> from golfo.bots.net.network import Network
>>> net = Network.random(seed=1, hidden=(8,))
>>> [len(layer.biases) for layer in net.layers]
[8, 11]
>>> Network.from_bytes(net.to_bytes()) == net
True
"""

from __future__ import annotations

import itertools
import json
import math
import random
import struct
import sys
from array import array
from collections.abc import Sequence
from operator import mul
from pathlib import Path
from typing import Any, Final

import attrs

from golfo.bots.net.features import MENU, SIZE
from golfo.errors import FormatError

__all__ = ["FORMAT", "Layer", "Network"]

FORMAT: Final = "golfo-net/1"
"""The file format's name, in its header."""
_MAGIC: Final = b"GOLFONET"


def _floats(values: Sequence[float]) -> tuple[float, ...]:
    # every weight as the float32 it is stored as, so a network equals its file's
    return tuple(array("f", values))


@attrs.frozen
class Layer:
    """One dense layer: ``out[j] = biases[j] + sum_i x[i] * weights[i * outputs + j]``."""

    inputs: int
    """Its inputs."""
    outputs: int
    """Its outputs."""
    weights: tuple[float, ...] = attrs.field(converter=_floats, repr=False)
    """The ``inputs x outputs`` matrix, row by input (float32 values)."""
    biases: tuple[float, ...] = attrs.field(converter=_floats, repr=False)
    """One per output."""
    _columns: tuple[tuple[float, ...], ...] = attrs.field(
        init=False, repr=False, eq=False, hash=False
    )

    def __attrs_post_init__(self) -> None:
        if len(self.weights) != self.inputs * self.outputs or len(self.biases) != self.outputs:
            raise FormatError(f"a layer of {self.inputs} x {self.outputs} has other sizes")
        # the matrix by column, for the dot products of :meth:`apply` (built once)
        columns = tuple(self.weights[j :: self.outputs] for j in range(self.outputs))
        object.__setattr__(self, "_columns", columns)

    def apply(self, x: Sequence[float]) -> list[float]:
        """The layer's outputs for ``x`` (no activation)."""
        return [b + sum(map(mul, x, c)) for b, c in zip(self.biases, self._columns, strict=True)]


@attrs.frozen
class Network:
    """The layers from the features to the menu's logits (ReLU between them), the value
    head (training only), and what the training recorded (``meta``)."""

    layers: tuple[Layer, ...]
    """The layers, features first."""
    value: Layer | None = None
    """The value head on the last hidden layer (used in training, not in play)."""
    meta: dict[str, Any] = attrs.field(factory=dict, eq=False, hash=False)
    """How it was trained (the command, seed, budget, curve): not part of its identity."""

    def __attrs_post_init__(self) -> None:
        if not self.layers or self.layers[0].inputs != SIZE or self.layers[-1].outputs != len(MENU):
            raise FormatError(f"a network goes from {SIZE} features to {len(MENU)} logits")
        for a, b in itertools.pairwise(self.layers):
            if a.outputs != b.inputs:
                raise FormatError("the layers do not chain")

    @property
    def shapes(self) -> tuple[tuple[int, int], ...]:
        """Each layer's ``(inputs, outputs)``."""
        return tuple((layer.inputs, layer.outputs) for layer in self.layers)

    def logits(self, x: Sequence[float]) -> list[float]:
        """The menu's logits for a feature vector."""
        h = list(x)
        last = len(self.layers) - 1
        for k, layer in enumerate(self.layers):
            h = layer.apply(h)
            if k < last:
                h = [v if v > 0.0 else 0.0 for v in h]
        return h

    def probabilities(self, x: Sequence[float], legal: Sequence[bool]) -> list[float]:
        """The softmax of the logits over the legal entries (0 elsewhere)."""
        logits = self.logits(x)
        top = max(v for v, ok in zip(logits, legal, strict=True) if ok)
        e = [math.exp(v - top) if ok else 0.0 for v, ok in zip(logits, legal, strict=True)]
        total = sum(e)
        return [v / total for v in e]

    def flat_weights(self) -> list[float]:
        """Every layer's weights then biases, layer after layer (golfo-native's order)."""
        out: list[float] = []
        for layer in self.layers:
            out.extend(layer.weights)
            out.extend(layer.biases)
        return out

    # -- files ---------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The network as a ``golfo-net/1`` file's bytes."""
        header = {
            "format": FORMAT,
            "features": SIZE,
            "menu": list(MENU),
            "layers": [[layer.inputs, layer.outputs] for layer in self.layers],
            "value": None if self.value is None else [self.value.inputs, self.value.outputs],
            "meta": self.meta,
        }
        text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode("utf-8")
        data = array("f", self.flat_weights())
        if self.value is not None:
            data.extend(self.value.weights)
            data.extend(self.value.biases)
        if sys.byteorder != "little":  # pragma: no cover - the file is little-endian
            data.byteswap()
        return _MAGIC + struct.pack("<I", len(text)) + text + data.tobytes()

    @classmethod
    def from_bytes(cls, raw: bytes) -> Network:
        """A network from a ``golfo-net/1`` file's bytes; :class:`golfo.FormatError` for
        anything else."""
        try:
            if raw[: len(_MAGIC)] != _MAGIC:
                raise FormatError("not a golfo-net file (no GOLFONET at its start)")
            (size,) = struct.unpack_from("<I", raw, len(_MAGIC))
            start = len(_MAGIC) + 4
            header = json.loads(raw[start : start + size].decode("utf-8"))
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise FormatError(f"not a {FORMAT} file")
            if header.get("features") != SIZE or header.get("menu") != list(MENU):
                raise FormatError("a network of other features or another menu")
            shapes = [tuple(s) for s in header["layers"]]
            value = header.get("value")
            data = array("f")
            data.frombytes(raw[start + size :])
            if sys.byteorder != "little":  # pragma: no cover
                data.byteswap()
            at = 0

            def take(inputs: int, outputs: int) -> Layer:
                nonlocal at
                n = inputs * outputs
                if at + n + outputs > len(data):
                    raise FormatError("the file holds fewer weights than its layers need")
                layer = Layer(inputs, outputs, data[at : at + n], data[at + n : at + n + outputs])
                at += n + outputs
                return layer

            layers = tuple(take(int(i), int(o)) for i, o in shapes)
            head = take(int(value[0]), int(value[1])) if value is not None else None
            if at != len(data):
                raise FormatError("the file holds more weights than its layers need")
            meta = header.get("meta") or {}
            if not isinstance(meta, dict):
                raise FormatError("meta must be an object")
            return cls(layers, head, meta)
        except FormatError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, struct.error) as error:
            raise FormatError(f"not a readable golfo-net file: {error}") from None

    def save(self, path: str | Path) -> None:
        """Write the network to ``path``."""
        Path(path).write_bytes(self.to_bytes())

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """Read a network from ``path`` (:class:`golfo.FormatError` if it is none)."""
        return cls.from_bytes(Path(path).read_bytes())

    @classmethod
    def random(cls, seed: int = 0, hidden: Sequence[int] = (128, 64)) -> Network:
        """A network of random weights (for tests and as a starting point)."""
        rng = random.Random(seed)
        sizes = [SIZE, *hidden, len(MENU)]
        layers = []
        for n_in, n_out in itertools.pairwise(sizes):
            scale = math.sqrt(2.0 / n_in)
            layers.append(
                Layer(
                    n_in, n_out, [rng.gauss(0.0, scale) for _ in range(n_in * n_out)], [0.0] * n_out
                )
            )
        return cls(tuple(layers))
