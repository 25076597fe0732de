"""A 30-line adapter: an engine behind ``golfo-engine/1`` (here golfo's public API stands in
for the engine under test; a port replaces the five calls marked ENGINE with its own).

Run the kit against it: ``golfo conformance run --engine "python examples/engine_adapter.py"``.
"""

import json
import sys
from typing import Any

import golfo
from golfo import wire
from golfo.conformance.protocol import observation

state = golfo.new_game(golfo.TRADICIONAL, players=3)  # until the runner's new_game
for line in sys.stdin:
    request = json.loads(line)
    cmd, answer = request["cmd"], dict[str, Any](ok=True)
    if cmd == "hello":
        answer |= {"protocol": "golfo-engine/1", "name": "adapter", "version": "1"}
    elif cmd == "new_game":
        rules = wire.rules_from_data(request["rules"])  # ENGINE: your rules from the JSON form
        stacks = request["stacks"]
        state = golfo.new_game(
            rules, players=request["players"], dealer=request["dealer"], stacks=stacks
        )  # ENGINE
    elif cmd == "apply":
        try:
            state = golfo.apply(state, wire.action_from_data(request["action"]))  # ENGINE
        except golfo.IllegalActionError:  # ENGINE: your refusal
            answer = {"ok": False, "error": "illegal"}
    elif cmd == "observe":
        answer |= observation(state)  # ENGINE: your state in the observation's form
    elif cmd == "quit":
        break
    print(json.dumps(answer), flush=True)
