// A bot that creates a table with two server bots, takes the free seat and plays a whole
// game through golfo-client.  `npm run bot -- http://127.0.0.1:8000` (a `golfo serve`).
import { type Action, Client, type LegalMoves, type Seat } from "../src/index.js";

/** Stand pat; open for the least with 20 points or more; call up to 10; else pass or fold. */
function choose(moves: LegalMoves, seat: Seat, points: number): Action {
  if (moves.discard_max !== null) return { type: "discard", seat, cards: [] };
  if (moves.bet !== null && points >= 20) return { type: "bet", seat, amount: moves.bet[0] };
  if (moves.call !== null && moves.call <= 10) return { type: "call", seat };
  return moves.pass ? { type: "pass", seat } : { type: "fold", seat };
}

const server = new Client(process.argv[2] ?? "http://127.0.0.1:8000");
const table = await server.createTable({
  rules: "ludoteka", hands: 2, bots: { "1": "heuristic", "2": "random" }, pause: 0, bot_delay: 0,
});
const { token, seat } = await server.takeSeat(table.table, 0, "bot.ts");
const socket = server.connect(table.table, token);
socket.on("view", ({ view }) => {
  if (view.moves === null) return;
  socket.act(choose(view.moves, seat, view.hand_value)).catch((error) => console.error(`refused: ${error}`));
});
const end = await socket.waitFor((view) => view.phase === "end");
socket.close();
const rows = socket.standings?.rows ?? [];
console.log(`game over after ${end.results.length} hands, version ${end.version}`);
for (const row of rows) console.log(`  ${row.rank}. seat ${row.seat}: ${row.stack} (${row.net >= 0 ? "+" : ""}${row.net})`);
