"""NetBot's training (issue 36): one seeded run gives one network, and it learns."""

from __future__ import annotations

import attrs
import nativekit  # noqa: F401  (with GOLFO_REQUIRE_NATIVE: fail, never skip)
import pytest

pytest.importorskip("golfo_native")

import golfo
from golfo.bots.net import NetBot
from golfo.bots.net.network import Network
from golfo.bots.net.training import Config, Trainer, train
from golfo.tournament import tournament

TABLE = ((attrs.evolve(golfo.TRADICIONAL, hands=1), 3),)
SMALL = Config(
    decisions=6_000,
    tables=TABLE,
    kinds=(("self", 1, 8), ("league", 1, 8), ("exploiters", 1, 8), ("heuristic", 1, 8)),
    snapshot_every=2,
    exploit_every=2,
    exploit_updates=2,
)


def test_the_same_seed_gives_the_same_network() -> None:
    first, curve = train(SMALL)
    again, _ = train(SMALL)
    other, _ = train(attrs.evolve(SMALL, seed=1))
    assert first == again
    assert first != other
    assert curve
    assert curve[-1]["decisions"] >= SMALL.decisions
    assert first.meta["config"]["seed"] == 0
    assert Network.from_bytes(first.to_bytes()) == first
    state = golfo.deal(golfo.new_game(golfo.TRADICIONAL, players=3), 1)
    v = golfo.view(state, state.to_act)  # type: ignore[arg-type]
    assert NetBot(network=first).choose(v) in v.moves  # type: ignore[operator]


def test_it_learns_to_beat_random_play(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Forty updates against random opponents: the network beats them in the arena by far
    more than the untrained network does."""
    config = Config(
        decisions=400_000,
        tables=TABLE,
        kinds=(("random", 2, 64),),
        exploit_every=0,
        rate=3e-3,
    )
    trained, _ = train(config)
    untrained = Trainer(config).network()
    gains = []
    for k, net in enumerate((untrained, trained)):
        path = tmp_path / f"{k}.golfonet"
        net.save(path)
        r = tournament(
            [f"net:{path}", "random", "random"],
            rules=golfo.TRADICIONAL,
            hands=6000,
            duplicate=True,
            seed=2,
            engine="arena",
            workers=1,
        )
        gains.append(r.compare(f"net:{path}", "random"))
    assert gains[1].low > gains[0].high
    assert gains[1].per_100 > 100  # more than a chip a hand ahead
