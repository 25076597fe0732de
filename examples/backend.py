"""One El Golfo table served to JSON clients: golfo.wire, golfo.notation and golfo.deal only.

Run ``python examples/backend.py --game game.json [--rules ludoteka] [--players 4]``; it
prints ``listening on HOST:PORT``.  One JSON object per line over TCP.  A client says
``{"hello": seat}`` (a real server checks a token here: see ``golfo serve``), then sends
``{"version": v, "action": {...}}`` (the wire's action form) or ``{"version": v, "say":
"envido 5", "lang": "es"}`` (the notation).  Every seat connected receives ``{"view":
...}`` after each move, and the sender alone ``{"error": sentence, "code": ...}`` for a
bad one.  The game is saved after every move and resumed from the file on start.
"""

import argparse
import asyncio
import json
import pathlib

import golfo
from golfo import notation, wire


class Table:
    def __init__(self, path: pathlib.Path, rules: golfo.Rules, players: int) -> None:
        self.path, self.writers = path, dict[int, asyncio.StreamWriter]()
        new = golfo.new_game(rules, players=players)
        self.state = golfo.from_json(path.read_text()) if path.exists() else new
        self.settle()

    def settle(self) -> None:  # chance deals and the next hand starts; then save (server only)
        while self.state.to_act is golfo.CHANCE or self.state.phase is golfo.Phase.BETWEEN_HANDS:
            s = self.state
            self.state = golfo.deal(s) if s.to_act is not None else golfo.apply(s, golfo.NextHand())
        temp = self.path.with_suffix(".tmp")
        temp.write_text(golfo.to_json(self.state))
        temp.replace(self.path)

    async def send(self, seat: int, message: dict[str, object]) -> None:
        self.writers[seat].write((json.dumps(message, ensure_ascii=False) + "\n").encode())
        await self.writers[seat].drain()

    def move(self, seat: int, line: bytes) -> golfo.Action:
        message = wire.parse_json(line, "message", wire.MAX_MESSAGE)
        if not isinstance(message, dict) or message.get("version") != self.state.version:
            raise golfo.FormatError("stale or malformed: send the version of your last view")
        if "say" in message:
            lang: notation.Lang = "en" if message.get("lang") == "en" else "es"
            return notation.parse(str(message["say"]), golfo.view(self.state, seat), lang=lang)
        return wire.action_from_data(message.get("action"), seat=seat, players=self.state.players)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = wire.parse_json(await reader.readline(), "hello", 100)
        seat = hello.get("hello") if isinstance(hello, dict) else None
        if type(seat) is not int or seat not in range(self.state.players):
            return writer.close()
        self.writers[seat] = writer
        await self.send(seat, {"view": wire.to_data(golfo.view(self.state, seat))})
        async for line in reader:
            try:
                self.state = golfo.apply(self.state, self.move(seat, line))
            except golfo.IllegalActionError as error:
                await self.send(seat, {"error": notation.explain(error), "code": error.code})
                continue
            except golfo.GolfoError as error:  # FormatError, SeatError, NotationError
                await self.send(seat, {"error": getattr(error, "reason", str(error)), "code": ""})
                continue
            self.settle()
            for other in list(self.writers):
                await self.send(other, {"view": wire.to_data(golfo.view(self.state, other))})


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=pathlib.Path, required=True, help="the saved game")
    parser.add_argument("--rules", choices=("tradicional", "ludoteka"), default="ludoteka")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    rules = golfo.LUDOTEKA if args.rules == "ludoteka" else golfo.TRADICIONAL
    table = Table(args.game, rules, args.players)
    server = await asyncio.start_server(table.serve, "127.0.0.1", args.port)
    host, port = server.sockets[0].getsockname()[:2]
    print(f"listening on {host}:{port}", flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
