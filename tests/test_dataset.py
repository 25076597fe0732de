"""Columnar decision datasets (golfo.ext.dataset, ``golfo simulate --dataset``; issue 35):
every decision of a self-play run as a row, the same rows as the games played, read back
from .npz and .parquet alike, the same bytes whatever the workers."""

from __future__ import annotations

import importlib.util
import io
import json
import tomllib
import zipfile
from pathlib import Path
from typing import Any, Literal

import attrs
import numpy as np
import pytest

import golfo
from golfo.cli import main
from golfo.ext.codec import ActionCodec
from golfo.ext.dataset import COLUMNS, DatasetWriter, read_dataset, write_dataset
from golfo.ext.features import ObservationEncoder
from golfo.selfplay import simulate
from golfo.state import log_entries

KINDS = ["heuristic", "random", "random"]
ROOT = Path(__file__).resolve().parents[1]

Betting = Literal["exact", "abstract"]


def _parquet_in_dev() -> bool:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return "golfo[parquet]" in extras["optional-dependencies"]["dev"]


def need_pyarrow() -> None:
    """Skip without pyarrow, unless the dev extra brings it: then its absence is a failure."""
    if importlib.util.find_spec("pyarrow") is None and not _parquet_in_dev():
        pytest.skip("needs pyarrow (pip install 'golfo[parquet]')")


def expected_rows(rules: golfo.Rules, betting: Betting, **run: Any) -> dict[str, list[Any]]:
    """The rows, from the games' records: each decision's view, encoded, and its result."""
    out = io.StringIO()
    simulate(KINDS, rules=rules, out=out, **run)
    bounded = rules
    if rules.hands is None:  # open-ended: cut at game_hands, as the run cuts its games
        bounded = attrs.evolve(rules, hands=run["game_hands"], extra_hands_on_tie=False)
    codec = ActionCodec.for_rules(bounded, 3, betting)
    encoder = ObservationEncoder(bounded, 3)
    rows: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    for game, text in enumerate(out.getvalue().splitlines()):
        record = golfo.from_json(text)
        actions = [a for a, _actor in reversed(list(log_entries(record.log)))]
        for state, action in zip(golfo.replay(text), actions, strict=False):
            seat = state.to_act
            if not isinstance(seat, int):
                continue
            v = golfo.view(state, seat)
            mask = np.zeros(codec.num_distinct_actions, bool)
            mask[list(codec.legal_ids(v))] = True
            rows["observations"].append(encoder.encode(v))
            rows["masks"].append(mask)
            rows["actions"].append(codec.encode(v, action, nearest=True))
            rows["amounts"].append(getattr(action, "amount", 0))
            rows["rewards"].append(record.results[state.hand_number - 1].payoffs[seat])
            rows["seats"].append(seat)
            rows["games"].append(game)
            rows["hands"].append(state.hand_number)
    return rows


@pytest.mark.parametrize(
    ("rules", "betting"),
    [(golfo.TRADICIONAL, "abstract"), (golfo.Rules(hands=1), "exact"), (golfo.MINI, "abstract")],
)
def test_the_rows_are_the_decisions_of_the_games(
    tmp_path: Path, rules: golfo.Rules, betting: Betting
) -> None:
    kinds = KINDS[: 2 if rules is golfo.MINI else 3]
    run: dict[str, Any] = {"hands": 9, "seed": 5, "game_hands": 4, "workers": 1}
    path = tmp_path / "d.npz"
    tally = write_dataset(path, kinds, rules=rules, betting=betting, **run)
    data = read_dataset(path)
    assert tally.hands == 9
    assert data.meta["betting"] == betting
    assert data.rules == rules
    if rules is golfo.MINI:  # two seats: checked for shape and legality only
        assert set(data.seats) <= {0, 1}
    else:
        want = expected_rows(rules, betting, **run)
        assert len(data) == len(want["actions"]) > 0
        for name, dtype in COLUMNS.items():
            got = data.columns()[name]
            assert got.dtype == np.dtype(dtype)
            assert np.array_equal(got, np.asarray(want[name], dtype)), name
    assert data.masks[np.arange(len(data)), data.actions].all()  # the action was legal
    assert data.observations.shape == (len(data), data.meta["observation"]["size"])


def test_the_same_seed_gives_the_same_file_on_one_or_two_workers(tmp_path: Path) -> None:
    for workers in (1, 2):
        write_dataset(tmp_path / f"{workers}.npz", KINDS, hands=30, seed=2, workers=workers)
    assert (tmp_path / "1.npz").read_bytes() == (tmp_path / "2.npz").read_bytes()
    with np.load(tmp_path / "1.npz") as z:  # plain numpy reads it, without pickles
        assert set(z.files) == {*COLUMNS, "meta"}
        assert json.loads(str(z["meta"]))["bots"] == KINDS


def test_parquet_holds_the_same_dataset(tmp_path: Path) -> None:
    need_pyarrow()
    write_dataset(tmp_path / "d.npz", KINDS, hands=6, seed=9, workers=1)
    npz = read_dataset(tmp_path / "d.npz")
    npz.save(tmp_path / "d.parquet")
    back = read_dataset(tmp_path / "d.parquet")
    assert back.meta == npz.meta
    for name in COLUMNS:
        assert np.array_equal(back.columns()[name], npz.columns()[name]), name
        assert back.columns()[name].dtype == npz.columns()[name].dtype
    write_dataset(tmp_path / "e.parquet", KINDS, hands=6, seed=9, workers=1)
    direct = read_dataset(tmp_path / "e.parquet")
    assert all(np.array_equal(direct.columns()[n], npz.columns()[n]) for n in COLUMNS)


def test_the_command_writes_a_dataset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.npz"
    args = ["simulate", "--hands", "5", "--seed", "4", "--workers", "1", "--json"]
    assert main([*args, "--dataset", str(path), "--betting", "abstract"]) == 0
    data = read_dataset(path)
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 5
    assert len(data) > 0
    assert set(data.games) == {0}
    assert main([*args, "--dataset", str(tmp_path / "run.csv")]) == 2
    assert "a .npz or a .parquet" in capsys.readouterr().err
    assert main([*args, "--dataset", str(tmp_path / "no" / "run.npz")]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert not list(tmp_path.glob(".golfo-dataset-*"))  # no columns left behind


def test_what_is_not_a_dataset_is_refused(tmp_path: Path) -> None:
    write_dataset(tmp_path / "d.npz", KINDS, hands=2, seed=1, workers=1)
    data = read_dataset(tmp_path / "d.npz")
    text = tmp_path / "x.npz"
    text.write_text("hello")
    with pytest.raises(golfo.FormatError, match="neither"):
        read_dataset(text)
    plain = tmp_path / "plain.npz"
    np.savez(plain, actions=np.zeros(3))
    with pytest.raises(golfo.FormatError, match="no meta"):
        read_dataset(plain)
    with zipfile.ZipFile(tmp_path / "d.npz") as z, zipfile.ZipFile(tmp_path / "bad.npz", "w") as w:
        for name in z.namelist():
            if name != "rewards.npy":
                w.writestr(name, z.read(name))
        buffer = io.BytesIO()
        np.save(buffer, data.rewards.astype(np.float64))  # the wrong type
        w.writestr("rewards.npy", buffer.getvalue())
    with pytest.raises(golfo.FormatError, match="column rewards is float64"):
        read_dataset(tmp_path / "bad.npz")
    writer = DatasetWriter(tmp_path / "y.npz", data.meta)
    with pytest.raises(golfo.FormatError, match="has 2 rows"):
        writer.add({**data.columns(), "rewards": data.rewards[:2]})
    writer.discard()
    assert not (tmp_path / "y.npz").exists()
    assert not list(tmp_path.glob(".golfo-dataset-*"))
