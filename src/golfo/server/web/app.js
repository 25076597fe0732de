// The web client of golfo serve: plain JavaScript, no build step, nothing from other hosts.
// It speaks the protocol of docs/server.md: HTTP for the lobby and seats, one WebSocket per
// seat; the words of moves and events come from the server (golfo.notation), in Spanish and
// English.  It reconnects by itself with the seat's token, kept in the browser's storage.
"use strict";

// The page's own words (the moves' and events' words come from the server).
const UI = {
  es: {
    lobby: "Mesas", new_table: "Nueva mesa", rules: "Reglas", players: "Jugadores", hands: "Manos",
    seed: "Semilla", seats: "Asientos", create: "Crear la mesa", tables: "Mesas abiertas",
    your_name: "Tu nombre", hand: "mano", pot: "Bote", your_cards: "Tus cartas", moves: "Jugadas",
    history: "Lo que ha pasado", memory: "Memoria: descartes vistos", showdown: "Se enseñan las cartas",
    standings: "Clasificación", seat: "Asiento", stack: "Fichas", net: "Neto", rebuys: "Recompras",
    tradicional: "Tradicional", ludoteka: "Ludoteka", human: "persona", heuristic: "bot (heurístico)",
    random: "bot (aleatorio)", join: "Sentarse en", watch: "Mirar", free: "libre", bot: "bot",
    to_act: "le toca a", you: "tú", your_turn: "Te toca", dealer: "dador", mano: "mano",
    folded: "no va", all_in: "resto", bet: "apuesta", cards: "cartas", none: "ninguno",
    connecting: "conectando…", reconnecting: "reconectando…", online: "en línea",
    spectator: "espectador", winner: "gana", value: "vale", counting: "cuentan", no_show: "sin enseñar",
    game_winner: "Gana la partida", no_winner: "Sin ganador", selected: "elegidas", of: "de",
    discard_help: "Pulsa las cartas que descartas", empty: "Nada todavía", back: "Volver",
    tables_none: "No hay mesas: crea una.", go: "Adelante",
  },
  en: {
    lobby: "Tables", new_table: "New table", rules: "Rules", players: "Players", hands: "Hands",
    seed: "Seed", seats: "Seats", create: "Create the table", tables: "Open tables",
    your_name: "Your name", hand: "hand", pot: "Pot", your_cards: "Your cards", moves: "Moves",
    history: "What happened", memory: "Memory: discards seen", showdown: "Showdown",
    standings: "Standings", seat: "Seat", stack: "Chips", net: "Net", rebuys: "Rebuys",
    tradicional: "Traditional", ludoteka: "Ludoteka", human: "person", heuristic: "bot (heuristic)",
    random: "bot (random)", join: "Sit at", watch: "Watch", free: "free", bot: "bot",
    to_act: "to act:", you: "you", your_turn: "Your turn", dealer: "dealer", mano: "mano",
    folded: "folded", all_in: "all-in", bet: "bet", cards: "cards", none: "none",
    connecting: "connecting…", reconnecting: "reconnecting…", online: "online",
    spectator: "spectator", winner: "wins", value: "worth", counting: "counting", no_show: "not shown",
    game_winner: "The game goes to", no_winner: "No winner", selected: "selected", of: "of",
    discard_help: "Click the cards you discard", empty: "Nothing yet", back: "Back",
    tables_none: "No tables: create one.", go: "Go",
  },
};

const SUIT_CLASS = { O: "oros", C: "copas", E: "espadas", B: "bastos" };
// Spanish suits, drawn as small inline SVGs (nothing loaded from elsewhere).
const SUIT_SVG = {
  O: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="currentColor"/><circle cx="12" cy="12" r="5" fill="none" stroke="#fff" stroke-width="1.6"/></svg>',
  C: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 4h14c0 6-3 9-6 9v4h3v3H8v-3h3v-4c-3 0-6-3-6-9z" fill="currentColor"/></svg>',
  E: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l2 4v10h-4V6z" fill="currentColor"/><rect x="6" y="16" width="12" height="2.5" fill="currentColor"/><rect x="11" y="18" width="2" height="4" fill="currentColor"/></svg>',
  B: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 2c3 0 5 2 5 5l-1 15h-3L8 7c0-3 0-5 1-5z" fill="currentColor"/><circle cx="13" cy="6" r="1.3" fill="#fff"/><circle cx="11" cy="11" r="1.3" fill="#fff"/></svg>',
};

const app = {
  lang: localStorage.getItem("golfo.lang") || "es",
  words: null,          // card, suit and phase names from the server (GET /api/words)
  table: null,          // the table's id when at a table
  seat: null,           // our seat there (null: a spectator)
  token: null,
  ws: null,
  view: null,           // the last view received
  standings: null,
  selected: new Set(),  // cards picked for a discard
  retry: 0,
  closing: false,
};

const $ = (id) => document.getElementById(id);
const t = (key) => UI[app.lang][key] || key;
const said = (text) => (text ? text[app.lang] : "");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

function cardName(card) {
  return app.words ? app.words.cards[card][app.lang] : card;
}

// A Spanish card: its rank, its suit drawn in the suit's colour, its name for screen readers.
function cardElement(card, { button = false, pressed = false, onclick = null } = {}) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  const body = [
    el("span", { class: "rank", text: rank }),
    el("span", { class: "pip" }),
    el("span", { class: "rank low", text: rank }),
  ];
  body[1].innerHTML = SUIT_SVG[suit];
  const attrs = { class: `card ${SUIT_CLASS[suit]}`, "data-card": card, "aria-label": cardName(card) };
  if (button) {
    attrs.type = "button";
    attrs["aria-pressed"] = pressed ? "true" : "false";
    attrs.onclick = onclick;
    return el("button", attrs, ...body);
  }
  attrs.role = "img";
  return el("span", attrs, ...body);
}

function backs(count) {
  const box = el("span", { class: "backs", "data-count": String(count), "aria-label": `${count} ${t("cards")}` });
  for (let i = 0; i < count; i++) box.append(el("span", { class: "back", "aria-hidden": "true" }));
  return box;
}

// ---------------------------------------------------------------------------
// HTTP

async function api(method, path, body) {
  const answer = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) throw data.error;
  return data;
}

function stored(table) {
  try {
    return JSON.parse(localStorage.getItem(`golfo.seat.${table}`) || "null");
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// the lobby

function seatKinds() {
  const box = $("seat-kinds");
  const players = Number(document.querySelector("#create [name=players]").value);
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.querySelectorAll("label").forEach((n) => n.remove());
  for (let s = 0; s < players; s++) {
    const select = el("select", { name: `seat-${s}`, "data-seat": String(s) });
    for (const kind of ["human", "heuristic", "random"]) {
      select.append(el("option", { value: kind, text: t(kind) }));
    }
    select.value = before[s] || (s === 0 ? "human" : "heuristic");
    box.append(el("label", {}, el("span", { text: `${t("seat")} ${s}` }), select));
  }
}

async function showLobby() {
  closeSocket();
  app.table = null;
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("status").textContent = "";
  seatKinds();
  const list = $("tables");
  let tables = [];
  try {
    tables = (await api("GET", "/api/tables")).tables;
  } catch (error) {
    list.replaceChildren(el("li", { text: said(error.message) }));
    return;
  }
  if (!tables.length) {
    list.replaceChildren(el("li", { class: "empty", text: t("tables_none") }));
    return;
  }
  list.replaceChildren(
    ...tables.map((table) => {
      const seats = table.seats.map((s) => {
        if (s.kind === "free") {
          return el("button", {
            type: "button",
            "data-join": String(s.seat),
            text: `${t("join")} ${t("seat").toLowerCase()} ${s.seat}`,
            onclick: () => join(table.table, s.seat),
          });
        }
        return el("span", { class: "taken", text: `${s.seat}: ${s.kind === "bot" ? t("bot") : s.name}` });
      });
      const mine = stored(table.table);
      const rules = table.rules.round_caps ? t("ludoteka") : t("tradicional");
      return el(
        "li",
        { "data-table": table.table },
        el("span", { class: "what", text: `${rules} · ${table.players} · ${t("hand")} ${table.hand_number}` }),
        ...seats,
        mine
          ? el("button", { type: "button", "data-back": "", text: `${t("go")} (${t("seat")} ${mine.seat})`, onclick: () => go(table.table) })
          : null,
        el("button", { type: "button", "data-watch": "", text: t("watch"), onclick: () => go(table.table, true) }),
      );
    }),
  );
}

async function createTable(event) {
  event.preventDefault();
  const form = $("create");
  const body = {
    rules: form.rules.value,
    players: Number(form.players.value),
    bots: {},
  };
  if (form.hands.value) body.hands = Number(form.hands.value);
  if (form.seed.value) body.seed = Number(form.seed.value);
  form.querySelectorAll("#seat-kinds select").forEach((select) => {
    if (select.value !== "human") body.bots[select.dataset.seat] = select.value;
  });
  try {
    await api("POST", "/api/tables", body);
  } catch (error) {
    showError(error);
  }
  await showLobby();
}

async function join(table, seat) {
  const name = $("name").value.trim() || `${t("seat")} ${seat}`;
  localStorage.setItem("golfo.name", name);
  try {
    const answer = await api("POST", `/api/tables/${table}/seats/${seat}`, { name });
    localStorage.setItem(`golfo.seat.${table}`, JSON.stringify({ seat, token: answer.token }));
    go(table);
  } catch (error) {
    showError(error);
    await showLobby();
  }
}

function go(table, watch = false) {
  location.hash = watch ? `#/watch/${table}` : `#/table/${table}`;
}

// ---------------------------------------------------------------------------
// the table: one WebSocket, reconnected by itself

function openTable(table, watch) {
  app.table = table;
  const mine = watch ? null : stored(table);
  app.seat = mine ? mine.seat : null;
  app.token = mine ? mine.token : null;
  app.view = null;
  app.selected.clear();
  $("lobby").hidden = true;
  $("table").hidden = false;
  connect();
}

function connect() {
  closeSocket();
  app.closing = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${app.table}/ws`);
  app.ws = ws;
  $("status").textContent = app.retry ? t("reconnecting") : t("connecting");
  ws.onopen = () => {
    ws.send(JSON.stringify(app.token ? { type: "hello", token: app.token } : { type: "hello" }));
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      app.retry = 0;
      app.view = message.view;
      app.standings = message.standings || null;
      $("status").textContent = `${t("online")} · ${app.seat === null ? t("spectator") : `${t("seat")} ${app.seat}`}`;
      $("status").dataset.state = "online";
      $("error").textContent = "";
      render();
    } else if (message.type === "error") {
      showError(message);
    }
  };
  ws.onclose = () => {
    if (app.ws !== ws || app.closing) return;
    $("status").textContent = t("reconnecting");
    $("status").dataset.state = "offline";
    const delay = Math.min(5000, 250 * 2 ** app.retry++);
    setTimeout(() => { if (app.ws === ws && app.table) connect(); }, delay);
  };
}

function closeSocket() {
  if (app.ws) {
    app.closing = true;
    const ws = app.ws;
    app.ws = null;
    try { ws.close(); } catch { /* already closed */ }
  }
}

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(message));
}

function act(action) {
  send({ type: "action", version: app.view.version, action });
}

function showError(error) {
  const text = error && error.message ? said(error.message) : String(error);
  $("error").textContent = text;
}

// ---------------------------------------------------------------------------
// drawing a view

function render() {
  const view = app.view;
  if (!view) return;
  $("table").dataset.version = String(view.version);  // for tests and tools: the view shown
  $("table").dataset.phase = view.phase;
  $("phase").textContent = said(view.phase_name);
  $("hand-number").textContent = String(view.hand_number);
  $("pot").textContent = String(view.pot);
  $("pot").dataset.value = String(view.pot);
  renderSeats(view);
  renderTurn(view);
  renderHand(view);
  renderMoves(view);
  renderHistory(view);
  renderMemory(view);
  renderResults(view);
  renderStandings(view);
}

function seatName(seat) {
  if (seat === app.seat) return `${t("you")} (${seat})`;
  return `${t("seat")} ${seat}`;
}

function renderSeats(view) {
  const seats = [];
  for (let s = 0; s < view.players; s++) {
    const flags = [];
    if (s === view.dealer) flags.push(el("span", { class: "flag dealer", text: t("dealer") }));
    if (view.dealt_in.length && s === view.mano) flags.push(el("span", { class: "flag mano", text: t("mano") }));
    if (view.folded.includes(s)) flags.push(el("span", { class: "flag folded", text: t("folded") }));
    const inHand = view.dealt_in.includes(s) && !view.folded.includes(s);
    if (inHand && view.stacks[s] === 0) flags.push(el("span", { class: "flag all-in", text: t("all_in") }));
    seats.push(
      el(
        "div",
        {
          class: `seat${s === view.to_act ? " to-act" : ""}${s === app.seat ? " me" : ""}`,
          "data-seat": String(s),
          "aria-label": seatName(s),
        },
        el("div", { class: "name", text: seatName(s) }),
        el("div", { class: "stack", "data-value": String(view.stacks[s]), text: `${t("stack")}: ${view.stacks[s]}` }),
        el("div", { class: "bet", "data-value": String(view.bets[s]), text: `${t("bet")}: ${view.bets[s]}` }),
        el("div", { class: "flags" }, ...flags),
        s === app.seat ? null : backs(view.hand_sizes[s]),
      ),
    );
  }
  $("seats").replaceChildren(...seats);
}

function renderTurn(view) {
  let text = "";
  if (typeof view.to_act === "number") {
    text = view.to_act === app.seat ? t("your_turn") : `${t("to_act")} ${seatName(view.to_act)}`;
  }
  $("turn").textContent = text;
  $("turn").dataset.seat = typeof view.to_act === "number" ? String(view.to_act) : "";
}

function discarding(view) {
  return Boolean(view.moves && view.moves.discard_max !== null);
}

function renderHand(view) {
  const picking = discarding(view);
  const most = picking ? view.moves.discard_max : 0;
  for (const card of [...app.selected]) if (!view.hand.includes(card)) app.selected.delete(card);
  const cards = view.hand.map((card) =>
    picking
      ? cardElement(card, {
          button: true,
          pressed: app.selected.has(card),
          onclick: () => {
            if (app.selected.has(card)) app.selected.delete(card);
            else if (app.selected.size < most) app.selected.add(card);
            render();
          },
        })
      : cardElement(card),
  );
  $("my-hand").replaceChildren(...cards);
  $("my-hand").setAttribute("aria-label", picking ? t("discard_help") : t("your_cards"));
  $("my-value").textContent = view.hand.length ? `${t("value")} ${view.hand_value}` : "";
}

function renderMoves(view) {
  const buttons = [];
  const wager = $("wager");
  wager.hidden = true;
  for (const choice of view.choices || []) {
    const label = `${choice[app.lang]} [${choice.key}]`;
    if (choice.kind === "bet" || choice.kind === "raise") {
      wager.hidden = false;
      const amount = $("amount");
      const range = $("amount-range");
      for (const input of [amount, range]) {
        input.min = String(choice.low);
        input.max = String(choice.high);
      }
      const current = Number(amount.value);
      if (!(current >= choice.low && current <= choice.high)) amount.value = String(choice.low);
      range.value = amount.value;
      $("amount-label").textContent = choice[app.lang];
      const go = $("wager-go");
      go.textContent = `${choice.kind === "bet" ? (app.lang === "es" ? "Envido" : "Bet") : (app.lang === "es" ? "Subo a" : "Raise to")} [${choice.key}]`;
      go.dataset.kind = choice.kind;
      go.setAttribute("aria-keyshortcuts", choice.key);
      continue;
    }
    const attrs = {
      type: "button",
      "data-kind": choice.kind,
      "aria-keyshortcuts": choice.key,
      text: label,
      onclick: () => choose(choice),
    };
    if (choice.kind === "discard") {
      attrs.text = `${choice[app.lang]}: ${app.selected.size} ${t("selected")} [${choice.key}]`;
      attrs.disabled = app.selected.size === 0;
    }
    buttons.push(el("button", attrs));
  }
  if (view.phase === "between_hands" && view.rules.hands === null && app.seat !== null) {
    buttons.push(
      el("button", {
        type: "button",
        "data-kind": "end_game",
        "aria-keyshortcuts": "e",
        text: `${app.lang === "es" ? "terminar la partida" : "end the game"} [e]`,
        onclick: () => send({ type: "end_game" }),
      }),
    );
  }
  $("buttons").replaceChildren(...buttons);
}

function choose(choice) {
  const seat = app.seat;
  switch (choice.kind) {
    case "pass":
    case "call":
    case "fold":
      act({ type: choice.kind, seat });
      break;
    case "stand_pat":
      act({ type: "discard", seat, cards: [] });
      break;
    case "discard":
      if (app.selected.size) act({ type: "discard", seat, cards: [...app.selected] });
      app.selected.clear();
      break;
    case "next_hand":
      act({ type: "next_hand" });
      break;
    case "end_game":
      send({ type: "end_game" });
      break;
    default:
      break;
  }
}

function wagerGo() {
  const kind = $("wager-go").dataset.kind;
  const amount = Number($("amount").value);
  if (!kind || !Number.isInteger(amount)) return;
  act({ type: kind, seat: app.seat, amount });
}

function renderHistory(view) {
  const items = view.history
    .filter((event) => !(event.type === "dealt" && event.card === null && event.seat !== app.seat))
    .map((event) => {
      const who = "seat" in event ? `${seatName(event.seat)}: ` : "";
      return el("li", { "data-type": event.type }, `${who}${said(event.text)}`);
    });
  $("history").replaceChildren(...(items.length ? items : [el("li", { class: "empty", text: t("empty") })]));
}

function renderMemory(view) {
  const rows = view.discards
    .filter((d) => d.cards && d.cards.length)
    .map((d) => el("div", { class: "memory-row", "data-seat": String(d.seat) },
      el("span", { class: "who", text: `${seatName(d.seat)}:` }),
      ...d.cards.map((card) => cardElement(card))));
  $("memory").replaceChildren(...(rows.length ? rows : [el("p", { class: "empty", text: t("empty") })]));
}

function renderResults(view) {
  const last = view.results[view.results.length - 1];
  const over = view.phase === "between_hands" || view.phase === "end";
  const box = $("results");
  if (!over || !last || last.hand_number !== view.hand_number) {
    box.hidden = true;
    $("shown").replaceChildren();  // no cards of a finished hand left in the page
    $("pots").replaceChildren();
    return;
  }
  box.hidden = false;
  const shown = [];
  last.shown.forEach((cards, seat) => {
    if (!last.dealt_in.includes(seat)) return;
    const score = last.scores[seat];
    shown.push(
      el("div", { class: "shown", "data-seat": String(seat) },
        el("span", { class: "who", text: `${seatName(seat)}:` }),
        ...(cards ? cards.map((card) => cardElement(card)) : [el("span", { text: t("no_show") })]),
        score ? el("span", { class: "score", text: `${t("value")} ${score.value} (${t("counting")} ${score.counting.join(" ")})` }) : null),
    );
  });
  $("shown").replaceChildren(...shown);
  $("pots").replaceChildren(
    ...last.pots.map((pot, i) =>
      el("li", { "data-winner": String(pot.winner) },
        `${t("pot")} ${i + 1} (${pot.amount}): ${t("winner")} ${seatName(pot.winner)}` +
          (pot.value === null ? "" : ` · ${t("value")} ${pot.value} (${pot.counting.join(" ")})`)),
    ),
  );
}

function renderStandings(view) {
  const box = $("standings");
  const table = app.standings;
  if (!table || !(view.phase === "between_hands" || view.phase === "end")) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("standings-rows").replaceChildren(
    ...table.rows.map((row) =>
      el("tr", { "data-seat": String(row.seat) },
        el("td", { text: seatName(row.seat) }),
        el("td", { text: String(row.stack) }),
        el("td", { text: String(row.net) }),
        el("td", { text: String(row.rebuys) }))),
  );
  $("winner").textContent = view.phase === "end"
    ? (table.winner === null ? t("no_winner") : `${t("game_winner")} ${seatName(table.winner)}`)
    : "";
}

// ---------------------------------------------------------------------------
// words, keys, language, routes

function applyLanguage() {
  document.documentElement.lang = app.lang;
  $("lang").textContent = app.lang === "es" ? "EN" : "ES";
  document.querySelectorAll("[data-ui]").forEach((node) => {
    node.textContent = t(node.dataset.ui);
  });
  if (!$("lobby").hidden) showLobby();
  else render();
}

function onKey(event) {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) {
    if (event.key === "Enter" && event.target.id === "amount") wagerGo();
    return;
  }
  if (!app.view || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toLowerCase();
  const choice = (app.view.choices || []).find((c) => c.key === key);
  if (!choice) return;
  event.preventDefault();
  if (choice.kind === "bet" || choice.kind === "raise") {
    $("amount").focus();
    $("amount").select();
  } else {
    choose(choice);
  }
}

function route() {
  const [, where, table] = location.hash.split("/");
  if ((where === "table" || where === "watch") && table) openTable(table, where === "watch");
  else showLobby();
}

async function start() {
  try {
    app.words = await api("GET", "/api/words");
  } catch {
    app.words = null;
  }
  $("name").value = localStorage.getItem("golfo.name") || "";
  $("create").addEventListener("submit", createTable);
  document.querySelector("#create [name=players]").addEventListener("change", seatKinds);
  $("lang").addEventListener("click", () => {
    app.lang = app.lang === "es" ? "en" : "es";
    localStorage.setItem("golfo.lang", app.lang);
    applyLanguage();
  });
  $("amount").addEventListener("input", () => { $("amount-range").value = $("amount").value; });
  $("amount-range").addEventListener("input", () => { $("amount").value = $("amount-range").value; });
  $("wager-go").addEventListener("click", wagerGo);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", route);
  applyLanguage();
  route();
}

start();
