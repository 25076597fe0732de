"""Compact columnar decision datasets: observations, masks, actions and rewards as arrays.

A dataset has one row per decision a seat took in self-play (:func:`golfo.selfplay.simulate`
with :class:`DatasetWriter` as its collector, or :func:`write_dataset`), in these columns:

- ``observations``: float32, (N, size): the
  :class:`golfo.ext.features.ObservationEncoder` of the seat's view (``meta["observation"]``);
- ``masks``: bool, (N, ids): the legal ids (:class:`golfo.ext.codec.ActionCodec`);
- ``actions``: int32, (N,): the id of the action taken; in abstract betting, the nearest menu
  size's (``encode(..., nearest=True)``);
- ``amounts``: int32, (N,): the chips of the Bet or Raise taken, 0 for any other action: the
  exact action, whatever its id;
- ``rewards``: float32, (N,): the seat's payoff in chips in the hand of the decision;
- ``seats``: int8; ``games``: int32, the game's index in the run; ``hands``: int32, the
  hand's number in its game.

Rows are in play order: game by game, hand by hand.  ``meta`` (JSON) says how to read them:
the rules, the seats, the bots and seed, the codec's layout and the observation's pieces.

Two files: ``.npz`` (numpy: one ``.npy`` per column and ``meta.npy``, deflated; read with
``numpy.load(path)`` too, no pickles) and ``.parquet`` (``pip install 'golfo[parquet]'``:
fixed-size lists for the two matrices, ``meta`` in the schema's metadata under ``golfo``).
Both are written as the games come, from temporary columns, so memory stays small however
long the run; the same seed gives the same rows whatever the workers.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "d.npz"
>>> tally = write_dataset(path, ["heuristic", "random", "random"], hands=3, seed=1, workers=1)
>>> data = read_dataset(path)
>>> len(data), data.observations.shape[1], data.masks.shape[1], data.meta["betting"]
(28, 112, 42, 'abstract')
>>> bool(data.masks[range(len(data)), data.actions].all())   # every action was legal
True
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, Literal

import attrs
import numpy as np

from golfo._codec import rules_data, rules_from_data
from golfo.actions import Action, Bet, Raise
from golfo.errors import FormatError, RulesError
from golfo.ext.codec import ActionCodec, chip_bound
from golfo.ext.features import ObservationEncoder
from golfo.rules import TRADICIONAL, Rules
from golfo.selfplay import Recorder, Tally, simulate
from golfo.state import HandResult
from golfo.views import View

__all__ = [
    "COLUMNS",
    "FORMAT",
    "Dataset",
    "DatasetWriter",
    "DecisionRecorder",
    "dataset_writer",
    "read_dataset",
    "write_dataset",
]

FORMAT: Final = "golfo-dataset/1"
"""``meta["format"]``."""
COLUMNS: Final[dict[str, str]] = {
    "observations": "float32",
    "masks": "bool",
    "actions": "int32",
    "amounts": "int32",
    "rewards": "float32",
    "seats": "int8",
    "games": "int32",
    "hands": "int32",
}
"""The columns and their numpy types, in file order."""
_ROW_GROUP: Final = 65536
"""Parquet rows per row group (decisions)."""


def _bounded(rules: Rules, players: int, game_hands: int) -> Rules:
    """Rules whose chips are bounded (:func:`golfo.ext.codec.chip_bound`): the rules, or
    open-ended ones cut at ``game_hands`` hands, as :func:`golfo.selfplay.simulate` cuts
    them."""
    try:
        chip_bound(rules, players)
    except RulesError:
        return attrs.evolve(rules, hands=rules.hands or game_hands, extra_hands_on_tie=False)
    return rules


@attrs.frozen
class DecisionRecorder:
    """The picklable factory of one game's recorder (:class:`golfo.selfplay.Recorder`): the
    rows of a dataset from the decisions of a game."""

    rules: Rules
    """The rules played."""
    players: int
    """Seats at the table."""
    betting: Literal["exact", "abstract"] = "abstract"
    """The codec's betting mode."""
    game_hands: int = 100
    """The length of open-ended games (their chips' bound)."""

    def codec(self) -> ActionCodec:
        """The action ids of the rows."""
        bounded = _bounded(self.rules, self.players, self.game_hands)
        return ActionCodec.for_rules(bounded, self.players, self.betting)

    def encoder(self) -> ObservationEncoder:
        """The observations of the rows."""
        return ObservationEncoder(_bounded(self.rules, self.players, self.game_hands), self.players)

    def __call__(self, game: int) -> _Rows:
        """A new recorder for game ``game``."""
        return _Rows(game, self.codec(), self.encoder())


class _Rows:
    """One game's rows, gathered as lists and handed back as arrays."""

    def __init__(self, game: int, codec: ActionCodec, encoder: ObservationEncoder) -> None:
        self.game = game
        self.codec = codec
        self.encoder = encoder
        self.observations: list[list[float]] = []
        self.legal: list[tuple[int, ...]] = []
        self.actions: list[int] = []
        self.amounts: list[int] = []
        self.seats: list[int] = []
        self.hands: list[int] = []
        self.rewards: list[int] = []

    def decision(self, view: View, action: Action) -> None:
        codec = self.codec
        self.observations.append(self.encoder.encode(view))
        self.legal.append(codec.legal_ids(view))
        self.actions.append(codec.encode(view, action, nearest=True))
        self.amounts.append(action.amount if isinstance(action, Bet | Raise) else 0)
        assert view.seat is not None
        self.seats.append(view.seat)
        self.hands.append(view.hand_number)

    def hand(self, result: HandResult) -> None:
        payoffs = result.payoffs
        self.rewards += [payoffs[seat] for seat in self.seats[len(self.rewards) :]]

    def done(self) -> dict[str, Any]:
        n = len(self.actions)
        size, width = self.encoder.size, self.codec.num_distinct_actions
        masks = np.zeros((n, width), dtype=bool)
        rows = np.repeat(np.arange(n), [len(ids) for ids in self.legal])
        masks[rows, np.fromiter((i for ids in self.legal for i in ids), np.int64)] = True
        return {
            "observations": np.asarray(self.observations, np.float32).reshape(n, size),
            "masks": masks,
            "actions": np.asarray(self.actions, np.int32),
            "amounts": np.asarray(self.amounts, np.int32),
            "rewards": np.asarray(self.rewards, np.float32),
            "seats": np.asarray(self.seats, np.int8),
            "games": np.full(n, self.game, np.int32),
            "hands": np.asarray(self.hands, np.int32),
        }


def _meta(recorder: DecisionRecorder, **run: Any) -> dict[str, Any]:
    codec, encoder = recorder.codec(), recorder.encoder()
    return {
        "format": FORMAT,
        "rules": rules_data(recorder.rules),
        "players": recorder.players,
        "betting": recorder.betting,
        **run,
        "actions": codec.num_distinct_actions,
        "max_amount": codec.max_amount,
        "pot_fractions": [str(f) for f in codec.pot_fractions],
        "discard_ids": codec.discard_ids,
        "observation": {
            "size": encoder.size,
            "pieces": {k: [v.start, v.stop] for k, v in encoder.slices.items()},
        },
    }


@attrs.frozen(eq=False)
class Dataset:
    """A decision dataset in memory: the columns (see the module) and ``meta``."""

    observations: Any
    """float32, (N, observation size)."""
    masks: Any
    """bool, (N, action ids)."""
    actions: Any
    """int32, (N,): the ids taken."""
    amounts: Any
    """int32, (N,): the chips of a Bet or Raise taken, else 0."""
    rewards: Any
    """float32, (N,): the seat's payoff in the hand, in chips."""
    seats: Any
    """int8, (N,)."""
    games: Any
    """int32, (N,)."""
    hands: Any
    """int32, (N,)."""
    meta: dict[str, Any]
    """How to read the rows (``meta["format"] == FORMAT``)."""

    def __len__(self) -> int:
        return len(self.actions)

    def columns(self) -> dict[str, Any]:
        """The columns by name, in :data:`COLUMNS` order."""
        return {name: getattr(self, name) for name in COLUMNS}

    @property
    def rules(self) -> Rules:
        """The rules played (``meta["rules"]``)."""
        return rules_from_data(self.meta["rules"], "meta.rules")

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write it to ``path`` (``.npz`` or ``.parquet``)."""
        with DatasetWriter(path, self.meta) as writer:
            writer.add(self.columns())


class DatasetWriter:
    """Writes a dataset to ``path`` as rows come (``.npz``, or ``.parquet`` with pyarrow):
    the :class:`golfo.selfplay.Collector` of :func:`golfo.selfplay.simulate`.  Use it as a
    context manager, or call :meth:`close`; the file is there only once closed."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        meta: dict[str, Any],
        recorder: Callable[[int], Recorder] | None = None,
    ) -> None:
        self.path: Final = Path(path)
        """Where the dataset goes."""
        self.meta: Final = meta
        """Its ``meta``."""
        self._recorder = recorder
        self._kind = _kind(self.path)
        self.rows = 0
        """Rows written so far."""
        self._shapes: dict[str, tuple[int, ...]] = {}
        try:
            self._tmp = tempfile.mkdtemp(prefix=".golfo-dataset-", dir=self.path.parent)
        except OSError as error:
            raise OSError(error.errno, error.strerror, str(self.path)) from None
        self._files = {name: open(Path(self._tmp, name), "wb") for name in COLUMNS}  # noqa: SIM115
        self._parquet: Any = None
        self._pending: list[dict[str, Any]] = []
        self._closed = False

    def recorder(self) -> Callable[[int], Recorder]:
        """The factory of one game's recorder (given when it was made)."""
        if self._recorder is None:
            raise ValueError("this writer was made without a recorder: give one to collect")
        return self._recorder

    def add(self, data: dict[str, Any]) -> None:
        """Append rows: each column of :data:`COLUMNS`, as arrays of the same length."""
        n = len(data["actions"])
        for name, dtype in COLUMNS.items():
            array = np.ascontiguousarray(data[name], dtype=dtype)
            if len(array) != n:
                raise FormatError(f"column {name} has {len(array)} rows, actions {n}")
            shape = self._shapes.setdefault(name, array.shape[1:])
            if array.shape[1:] != shape:
                raise FormatError(f"column {name}: rows of shape {array.shape[1:]}, not {shape}")
            array.tofile(self._files[name])
        self.rows += n

    def close(self) -> None:
        """Write the file from the columns gathered, and remove them."""
        if self._closed:
            return
        self._closed = True
        try:
            for f in self._files.values():
                f.close()
            if self._kind == "npz":
                self._write_npz()
            else:
                self._write_parquet()
        finally:
            shutil.rmtree(self._tmp, ignore_errors=True)

    def discard(self) -> None:
        """Give up: remove the columns gathered and write nothing."""
        self._closed = True
        for f in self._files.values():
            f.close()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self) -> DatasetWriter:
        return self

    def __exit__(self, kind: object, *_exc: object) -> None:
        if kind is None:
            self.close()
        else:
            self.discard()

    def _shape(self, name: str) -> tuple[int, ...]:
        return (self.rows, *self._shapes.get(name, _inner(name, self.meta)))

    def _column(self, name: str) -> Any:
        if not self.rows:
            return np.zeros(self._shape(name), COLUMNS[name])
        return np.memmap(Path(self._tmp, name), COLUMNS[name], "r", shape=self._shape(name))

    def _write_npz(self) -> None:
        stamp = (1980, 1, 1, 0, 0, 0)  # no time in the file: the same run gives the same bytes
        with zipfile.ZipFile(self.path, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as z:
            for name, dtype in COLUMNS.items():
                info = zipfile.ZipInfo(f"{name}.npy", stamp)
                info.compress_type = zipfile.ZIP_DEFLATED
                with z.open(info, "w", force_zip64=True) as out:
                    header = {
                        "descr": np.dtype(dtype).str,
                        "fortran_order": False,
                        "shape": self._shape(name),
                    }
                    np.lib.format.write_array_header_1_0(out, header)
                    with open(Path(self._tmp, name), "rb") as raw:
                        shutil.copyfileobj(raw, out, 1 << 20)
            meta = np.array(json.dumps(self.meta, sort_keys=True))
            info = zipfile.ZipInfo("meta.npy", stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            with z.open(info, "w") as out:
                np.lib.format.write_array(out, meta, allow_pickle=False)

    def _write_parquet(self) -> None:
        pa, pq = _pyarrow()
        fields = []
        for name, dtype in COLUMNS.items():
            kind = pa.from_numpy_dtype(np.dtype(dtype))
            inner = self._shapes.get(name, _inner(name, self.meta))
            fields.append(pa.field(name, pa.list_(kind, inner[0]) if inner else kind))
        schema = pa.schema(fields, metadata={"golfo": json.dumps(self.meta, sort_keys=True)})
        columns = {name: self._column(name) for name in COLUMNS}
        with pq.ParquetWriter(self.path, schema, compression="zstd") as writer:
            for start in range(0, max(self.rows, 1), _ROW_GROUP):
                arrays = []
                for field in fields:
                    part = np.asarray(columns[field.name][start : start + _ROW_GROUP])
                    if part.ndim == 2:
                        flat = pa.array(part.reshape(-1), type=field.type.value_type)
                        arrays.append(pa.FixedSizeListArray.from_arrays(flat, part.shape[1]))
                    else:
                        arrays.append(pa.array(part, type=field.type))
                writer.write_table(pa.Table.from_arrays(arrays, schema=schema))


def _inner(name: str, meta: dict[str, Any]) -> tuple[int, ...]:
    """The shape of one row of column ``name``."""
    if name == "observations":
        return (int(meta["observation"]["size"]),)
    if name == "masks":
        return (int(meta["actions"]),)
    return ()


def _kind(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".npz":
        return "npz"
    if suffix == ".parquet":
        _pyarrow()
        return "parquet"
    raise ValueError(f"a dataset is a .npz or a .parquet file, not {path.name!r}")


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError(
            "Parquet datasets need pyarrow: pip install 'golfo[parquet]' (or write a .npz)"
        ) from None
    return pa, pq


def read_dataset(path: str | os.PathLike[str]) -> Dataset:
    """The dataset in ``path`` (``.npz`` or ``.parquet``, by its first bytes);
    :class:`golfo.FormatError` if it is not one golfo wrote."""
    where = Path(path)
    with open(where, "rb") as f:
        magic = f.read(4)
    if magic.startswith(b"PK"):
        with np.load(where, allow_pickle=False) as z:
            if "meta.npy" not in z.zip.namelist():
                raise FormatError(f"{where.name}: no meta.npy: not a golfo dataset")
            meta = json.loads(str(z["meta"]))
            columns = {name: z[name] for name in COLUMNS if f"{name}.npy" in z.zip.namelist()}
    elif magic == b"PAR1":
        _, pq = _pyarrow()
        table = pq.read_table(where)
        raw = (table.schema.metadata or {}).get(b"golfo")
        if raw is None:
            raise FormatError(f"{where.name}: no golfo metadata: not a golfo dataset")
        meta = json.loads(raw)
        columns = {}
        for name in COLUMNS:
            if name not in table.column_names:
                continue
            column = table.column(name).combine_chunks()
            inner = _inner(name, meta)
            if inner:
                values = column.values.to_numpy(zero_copy_only=False)
                columns[name] = values.reshape(len(column), inner[0])
            else:
                columns[name] = column.to_numpy()
    else:
        raise FormatError(f"{where.name}: neither a .npz nor a .parquet file")
    return _checked(where.name, meta, columns)


def _checked(name: str, meta: Any, columns: dict[str, Any]) -> Dataset:
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise FormatError(f"{name}: meta.format is not {FORMAT!r}")
    n = len(columns.get("actions", ()))
    for column, dtype in COLUMNS.items():
        array = columns.get(column)
        if array is None:
            raise FormatError(f"{name}: no column {column}")
        shape = (n, *_inner(column, meta))
        if array.shape != shape or array.dtype != np.dtype(dtype):
            raise FormatError(
                f"{name}: column {column} is {array.dtype}{list(array.shape)}, "
                f"expected {dtype}{list(shape)}"
            )
    return Dataset(**{k: np.asarray(columns[k]) for k in COLUMNS}, meta=meta)


def dataset_writer(
    path: str | os.PathLike[str],
    bots: Sequence[str],
    *,
    rules: Rules = TRADICIONAL,
    hands: int = 1000,
    seed: int = 0,
    game_hands: int = 100,
    betting: Literal["exact", "abstract"] = "abstract",
) -> DatasetWriter:
    """The writer of the dataset of a self-play run (``simulate(..., collect=writer)``) with
    these arguments: its recorder, and the run in its ``meta`` (not the engine: either gives
    the same rows, and the same file)."""
    players = len(bots)
    if players not in rules.table_sizes:
        sizes = " or ".join(map(str, rules.table_sizes))
        raise ValueError(f"self-play needs {sizes} bots, got {players}")
    if betting not in ("exact", "abstract"):
        raise ValueError(f"betting must be 'exact' or 'abstract', got {betting!r}")
    recorder = DecisionRecorder(rules, players, betting, game_hands)
    meta = _meta(recorder, bots=list(bots), seed=seed, hands=hands, game_hands=game_hands)
    return DatasetWriter(path, meta, recorder)


def write_dataset(
    path: str | os.PathLike[str],
    bots: Sequence[str],
    *,
    rules: Rules = TRADICIONAL,
    hands: int = 1000,
    seed: int = 0,
    game_hands: int = 100,
    betting: Literal["exact", "abstract"] = "abstract",
    workers: int | None = None,
    ray: str | None = None,
    engine: str = "python",
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Self-play of ``hands`` hands (:func:`golfo.selfplay.simulate`, the same arguments)
    with every decision written to the dataset ``path``; returns the tally.

    ``betting``: ``"abstract"`` (42 ids in El Golfo) or ``"exact"`` (one id per chip: only
    for short games, whose bound on a bet is small).
    """
    with dataset_writer(
        path,
        bots,
        rules=rules,
        hands=hands,
        seed=seed,
        game_hands=game_hands,
        betting=betting,
    ) as writer:
        return simulate(
            bots,
            rules=rules,
            hands=hands,
            seed=seed,
            game_hands=game_hands,
            workers=workers,
            ray=ray,
            engine=engine,
            progress=progress,
            collect=writer,
        )
