"""``golfo.server.messages``: the view messages written from kept parts are, byte for byte,
the JSON of each seat's own :func:`golfo.view`, whatever order the states come in.

The reference is the plain way: ``json.dumps`` of the whole message for every seat, with
nothing kept.  A part kept wrongly for every seat (or for the wrong seat, or the wrong hand)
would show a seat another's cards, or lose an event: the texts would differ.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from golfo import LUDOTEKA, TRADICIONAL, Rules, State, apply, deal, legal_actions, new_game, view
from golfo.actions import CHANCE
from golfo.server.messages import ViewTexts
from golfo.standings import standings
from golfo.wire import standings_data, view_data


def seats_data(names: list[str]) -> list[dict[str, Any]]:
    return [{"seat": s, "kind": "human", "name": n, "bot": False} for s, n in enumerate(names)]


def reference(state: State, seat: int | None, names: list[str]) -> str:
    message = {
        "type": "view",
        "seats": seats_data(names),
        "standings": standings_data(standings(state)),
        "seeded": False,
        "view": view_data(view(state, seat)),
    }
    return json.dumps(message, ensure_ascii=False)


def states(rules: Rules, players: int, seed: int, hands: int) -> list[State]:
    """The states a table tells its sockets of: after each move, once chance has dealt."""
    rng = random.Random(seed)
    state = new_game(attrs.evolve(rules, hands=hands), players=players)
    out = []
    while not state.is_over:
        while state.to_act is CHANCE:
            state = deal(state, rng)
        out.append(state)
        state = apply(state, rng.choice(legal_actions(state)))
    return [*out, state]


@pytest.mark.parametrize(
    ("rules", "players"),
    [(TRADICIONAL, 3), (attrs.evolve(LUDOTEKA, discards_face_up=False), 4)],
)
def test_every_message_is_the_json_of_the_seats_own_view(rules: Rules, players: int) -> None:
    played = states(rules, players, seed=players, hands=3)
    texts = ViewTexts()
    names = [f"p{s}" for s in range(players)]
    viewers: list[int | None] = [*range(players), None]
    for state in played:
        for seat in viewers:
            assert texts.message(state, seat, lambda: seats_data(names), 0, False) == reference(
                state, seat, names
            )


def test_older_states_and_new_seats_are_written_as_they_were() -> None:
    """States out of order (a process catching up tells of each step; a socket opened late
    gets the newest first), and seats that change between two messages of one state."""
    played = states(attrs.evolve(TRADICIONAL, discards_face_up=False), 3, seed=7, hands=2)
    rng = random.Random(1)
    texts = ViewTexts()
    names = ["ana", "bea", "carla"]
    key = 0
    for state in rng.sample(played, len(played)) + played[::-1]:
        if rng.random() < 0.2:
            names[rng.randrange(3)] = rng.choice(["ñu", "x", "eva"])
            key += 1
        for seat in rng.sample([0, 1, 2, None], 4):
            got = texts.message(state, seat, lambda: seats_data(names), key, False)
            assert got == reference(state, seat, names)
