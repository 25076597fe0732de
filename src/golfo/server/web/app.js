// The web client of golfo serve: plain JavaScript, no build step, nothing from other hosts.
// It speaks the protocol of docs/server.md: HTTP for the lobby and seats, one WebSocket per
// seat; the words of moves and events come from the server (golfo.notation), in Spanish and
// English.  It reconnects by itself with the seat's token, kept in the browser's storage.
// words.js (the page's words and keys), cards.js (cards, DOM helpers) and table.js (drawing
// a view) are loaded before it.
"use strict";

const app = {
  lang: localStorage.getItem("golfo.lang") || "es",
  words: null,          // card, suit and phase names from the server (GET /api/words)
  table: null,          // the table's id when at a table
  seat: null,           // our seat there (null: a spectator)
  token: null,
  ws: null,
  view: null,           // the last view received
  standings: null,
  seats: null,          // the table's seats: names, people or bots
  config: { pause: null, timer: null },
  presets: {},          // the presets' hands and table sizes, by name (GET /api/server)
  selected: new Set(),  // cards picked for a discard
  handFocus: null,      // the card of the hand that takes Tab
  handOf: null,         // the hand number the hand's cards are of
  log: { hand: null, lang: null, count: 0, result: false },  // what the history shows
  told: new Set(),      // the events already said in the live region, this hand
  result: { hand: 0, open: false, data: null },  // the last hand's result, until dismissed
  error: null,          // the refusal shown, in both languages
  voted: null,          // the version at which we asked to end the game
  touched: false,       // a key pressed or the page clicked: the keyboard's place is kept
  retry: 0,
  closing: false,
  countdown: null,
};

const t = (key) => UI[app.lang][key] || key;
const said = (text) => (text ? text[app.lang] : "");

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

function keep(table, seat, token) {
  localStorage.setItem(`golfo.seat.${table}`, JSON.stringify({ seat, token }));
}

// ---------------------------------------------------------------------------
// errors: worded for the player, in the page's language, next to the moves

function showError(message, where = "error") {
  app.error = message && typeof message === "object" && "es" in message ? message : { es: String(message), en: String(message) };
  const box = $(where);
  box.hidden = false;
  setText(box, said(app.error));
}

function clearError() {
  app.error = null;
  for (const id of ["error", "lobby-error"]) {
    $(id).hidden = true;
    setText($(id), "");
  }
}

function errorWords(error) {
  return error && error.message ? error.message : { es: String(error), en: String(error) };
}

// ---------------------------------------------------------------------------
// the lobby

function seatKinds() {
  const box = $("seat-kinds");
  const players = Number($("create").players.value);
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  box.querySelectorAll("label, .you-seat").forEach((n) => n.remove());
  box.append(el("span", { class: "you-seat" }, el("span", { text: `${t("seat")} 0` }), el("strong", { text: t("you_sit") })));
  for (let s = 1; s < players; s++) {
    const select = el("select", { name: `seat-${s}`, "data-seat": String(s) });
    for (const kind of ["heuristic", "strong", "random", "human"]) select.append(el("option", { value: kind, text: t(kind) }));
    select.value = before[s - 1] || "heuristic";
    box.append(el("label", {}, el("span", { text: `${t("seat")} ${s}` }), select));
  }
}

function pauseOptions() {
  const select = $("create").pause;
  const value = select.value;
  select.replaceChildren(
    el("option", { value: "", text: t("pause_wait") }),
    ...[3, 10, 30].map((n) => el("option", { value: String(n), text: fill(t("pause_s"), { n }) })),
  );
  select.value = value;
}

// The presets (golfo.rules.PRESETS), from the server (GET /api/server): by name, the hands
// each plays when the form leaves them empty (null: open-ended) and its table sizes.
// Until the server has said, El Golfo's three or four seats, and no hint for the hands.
function preset() {
  return app.presets[$("create").rules.value] || { hands: undefined, table_sizes: [3, 4] };
}

function handsHint() {
  const hands = preset().hands;
  $("create").hands.placeholder = hands === undefined ? "" : hands === null ? t("no_limit") : String(hands);
}

// The seats the chosen rules are played by, and no other: the number chosen is kept when
// the new rules allow it, else three when they do, else their smallest table.
function playerOptions() {
  const select = $("create").players;
  const sizes = preset().table_sizes;
  const before = Number(select.value);
  const key = sizes.join(",");
  if (select.dataset.key !== key) {
    select.dataset.key = key;
    select.replaceChildren(...sizes.map((n) => el("option", { value: String(n), text: String(n) })));
  }
  select.value = String(sizes.includes(before) ? before : sizes.includes(3) ? 3 : sizes[0]);
  seatKinds();
}

function rulesChosen() {
  playerOptions();
  handsHint();
}

// A whole number from `low` to `high` in a number field: the number, null when empty,
// NaN when it is anything else (the browser's own check is off: the page words its own).
function wholeField(input, low, high) {
  const raw = input.value.trim();
  if (input.validity.badInput) return NaN;
  if (raw === "") return null;
  const value = Number(raw);
  return /^\d+$/.test(raw) && value >= low && value <= high ? value : NaN;
}

async function showLobby() {
  closeSocket();
  app.table = null;
  closeResult();
  $("lobby").hidden = false;
  $("table").hidden = true;
  setText($("status"), "");
  playerOptions();
  pauseOptions();
  const list = $("tables");
  let tables = [];
  try {
    tables = (await api("GET", "/api/tables")).tables;
  } catch (error) {
    list.replaceChildren(el("li", { text: said(errorWords(error)) }));
    return;
  }
  if (!tables.length) {
    list.replaceChildren(el("li", { class: "empty", text: t("tables_none") }));
    return;
  }
  list.replaceChildren(...tables.map(tableItem));
}

function tableItem(table) {
  const mine = stored(table.table);
  const seats = table.seats.map((s) => {
    if (s.kind === "free" && !mine) {
      return el("button", {
        type: "button", "data-join": String(s.seat), text: `${t("join")} ${t("seat").toLowerCase()} ${s.seat}`,
        onclick: () => join(table.table, s.seat),
      });
    }
    const who = s.kind === "bot" ? `${t("bot")} ${s.seat}` : s.kind === "free" ? t("free") : s.name;
    return el("span", { class: `taken ${s.kind}`, text: `${s.seat}: ${who}` });
  });
  const rules = table.preset ? t(table.preset) : t("custom");  // a preset's name, or rules of its own
  return el("li", { "data-table": table.table },
    el("span", { class: "what", text: `${rules} · ${table.players} ${t("players").toLowerCase()} · ${fill(t("hand_n"), { n: table.hand_number })}` },
      table.seeded ? el("span", { class: "badge seeded", "data-seeded": "", title: t("seeded_hint"), text: t("seeded") }) : null),
    el("span", { class: "seat-list" }, ...seats),
    el("span", { class: "actions" },
      mine ? el("button", { type: "button", class: "primary", "data-back": "", text: `${t("go")} (${mine.seat})`, onclick: () => go(table.table) }) : null,
      el("button", { type: "button", "data-watch": "", text: t("watch"), onclick: () => go(table.table, true) })));
}

function myName() {
  const name = $("name").value.trim() || t("player");
  localStorage.setItem("golfo.name", $("name").value.trim());
  return name;
}

async function createTable(event) {
  event.preventDefault();
  clearError();
  const form = $("create");
  for (const input of [form.hands, form.seed]) {
    setAttr(input, "aria-invalid", null);
    setAttr(input, "aria-describedby", null);
  }
  const hands = wholeField(form.hands, 1, 10000);
  const seed = wholeField(form.seed, 0, Number.MAX_SAFE_INTEGER);
  for (const [input, value, key] of [[form.hands, hands, "hands_bad"], [form.seed, seed, "seed_bad"]]) {
    if (Number.isNaN(value)) {
      showError({ es: UI.es[key], en: UI.en[key] }, "lobby-error");
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", "lobby-error");
      input.focus();
      return;
    }
  }
  const body = { rules: form.rules.value, players: Number(form.players.value), bots: {}, name: myName() };
  body.pause = form.pause.value ? Number(form.pause.value) : null;
  if (hands !== null) body.hands = hands;
  if (seed !== null) body.seed = seed;
  form.querySelectorAll("#seat-kinds select").forEach((select) => {
    if (select.value !== "human") body.bots[select.dataset.seat] = select.value;
  });
  try {
    const answer = await api("POST", "/api/tables", body);
    keep(answer.table, answer.seat, answer.token);
    go(answer.table);
  } catch (error) {
    showError(errorWords(error), "lobby-error");
  }
}

async function join(table, seat) {
  clearError();
  try {
    const answer = await api("POST", `/api/tables/${table}/seats/${seat}`, { name: myName() });
    keep(table, seat, answer.token);
    go(table);
  } catch (error) {
    await showLobby();
    showError(errorWords(error), "lobby-error");
  }
}

function go(table, watch = false) {
  location.hash = watch ? `#/watch/${table}` : `#/table/${table}`;
}

// ---------------------------------------------------------------------------
// the table: one WebSocket, reconnected by itself

async function openTable(table, watch) {
  app.table = table;
  const mine = watch ? null : stored(table);
  app.seat = mine ? mine.seat : null;
  app.token = mine ? mine.token : null;
  app.view = null;
  app.seats = null;
  app.config = { pause: null, timer: null };
  app.selected.clear();
  app.log = { hand: null, lang: null, count: 0, result: false };
  app.result = { hand: 0, open: false, data: null, first: true };
  $("history").replaceChildren();
  $("heard").replaceChildren();
  $("history-empty").hidden = false;
  app.told = new Set();
  $("seats").dataset.key = "";
  clearError();
  $("lobby").hidden = true;
  $("table").hidden = false;
  connect();
  try {
    const summary = await api("GET", `/api/tables/${table}`);
    app.config = { pause: summary.pause, timer: summary.timer };
    app.seats = app.seats || summary.seats;
  } catch {
    app.config = { pause: null, timer: null };
  }
  // the socket's first view may have come first: draw it again with the table's timer and pause
  if (app.table === table && app.view) render();
}

function setStatus(key, state) {
  const seat = app.seat === null ? t("spectator") : `${t("seat")} ${app.seat}`;
  setText($("status"), key === "online" ? `${t("online")} · ${seat}` : t(key));
  setAttr($("status"), "data-state", state);
}

function connect() {
  closeSocket();
  app.closing = false;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/api/tables/${app.table}/ws`);
  app.ws = ws;
  setStatus(app.retry ? "reconnecting" : "connecting", app.retry ? "offline" : "connecting");
  ws.onopen = () => {
    ws.send(JSON.stringify(app.token ? { type: "hello", token: app.token } : { type: "hello" }));
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      app.retry = 0;
      const moved = !app.view || app.view.version !== message.view.version;
      app.view = message.view;
      app.standings = message.standings || null;
      app.seats = message.seats || app.seats;
      $("seeded").hidden = message.seeded !== true;  // marked: its deals can be repeated
      setStatus("online", "online");
      if (moved && app.error) clearError();
      render();
    } else if (message.type === "error") {
      if (message.code === "auth" || message.code === "not_found") app.closing = true;  // no use retrying
      showError(errorWords(message));
    }
  };
  ws.onclose = () => {
    if (app.ws !== ws || app.closing) return;
    setStatus("reconnecting", "offline");
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
  clearError();
  send({ type: "action", version: app.view.version, action });
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
      break;
    case "bet":
    case "raise":
      $("amount").focus();
      $("amount").select();
      break;
    default:
      break;
  }
}

// A bet or raise: a whole number within the choice's range, or a worded error (never sent).
function wagerGo() {
  const wager = $("wager");
  const kind = wager.dataset.kind;
  if (wager.hidden || !kind) return;
  clearError();
  const low = Number(wager.dataset.low);
  const high = Number(wager.dataset.high);
  const raw = $("amount").value.trim();
  const amount = Number(raw);
  if (!/^\d+$/.test(raw) || amount < low || amount > high) {
    showError({ es: fill(UI.es.amount_bad, { low, high }), en: fill(UI.en.amount_bad, { low, high }) });
    $("amount").focus();
    return;
  }
  act({ type: kind, seat: app.seat, amount });
}

// ---------------------------------------------------------------------------
// drawing a view

function render() {
  const view = app.view;
  if (!view) return;
  $("table").dataset.version = String(view.version);  // for tests and tools: the view shown
  $("table").dataset.phase = view.phase;
  setText($("phase"), said(view.phase_name));
  setText($("hand-title"), fill(t("hand_n"), { n: view.hand_number }));
  const pot = $("pot");
  if (pot.dataset.value !== String(view.pot)) {
    const more = view.pot > Number(pot.dataset.value);
    pot.dataset.value = String(view.pot);
    pot.textContent = String(view.pot);
    if (more) pop(pot);
  }
  noteResult(view);
  renderSeats(view);
  renderTurn(view);
  renderHand(view);
  renderMoves(view);
  renderHistory(view);
  renderMemory(view);
  renderResult(view);
  placeFocus(view);
  // and once more at the next frame, when the browser has moved off what this view hid
  requestAnimationFrame(() => { if (app.view === view) placeFocus(view); });
}

// The keyboard's place when the one it had is gone (a move made, its button or the result
// put away) or when it waits on the turn line: the result over the felt; the hand, at a
// discard to choose; the first move, when the player has one; else the turn line (or the
// hand, when no one is to act).  Never the page's body: Tab goes on from there.  Before the
// player has touched the page, only a discard to choose takes the keyboard.
function placeFocus(view) {
  const at = document.activeElement;
  // a focused node that this view hid, disabled or removed (the amount once the bet is made)
  // still holds the focus until the browser's next frame moves it to the body: it is gone
  const gone = Boolean(at) && at !== document.body
    && (!at.isConnected || at.disabled || at.getClientRects().length === 0);
  const parked = !at || gone || at === document.body || at === $("moves") || at === $("turn") || at === $("my-hand");
  if (!parked || $("table").hidden || $("confirm-end").open) return;
  if ((!at || at === document.body) && !app.touched && !discarding(view)) return;
  const over = app.result.open && $("results").dataset.state !== "started";
  const target = (over && $("result-buttons").querySelector("button"))
    || (discarding(view) && $("my-hand").querySelector('button.card[tabindex="0"]'))
    || $("buttons").querySelector("button:not(:disabled)")
    || ($("turn").textContent ? $("turn") : $("my-hand"));
  if (target !== at) target.focus({ preventScroll: true });
}

// A new result opens the results card; it stays until the player moves on.  A result found
// on arriving at a table (a reload) is shown while its hand is the table's or the one just
// before, unless the player put it away already in this tab (kept per table by hand).
function noteResult(view) {
  const last = view.results[view.results.length - 1];
  const first = app.result.first;
  app.result.first = false;
  if (!last || last.hand_number <= app.result.hand) return;
  app.result.hand = last.hand_number;
  if (first && (last.hand_number < view.hand_number - 1 || last.hand_number <= dismissed())) return;
  app.result.data = last;
  app.result.standings = app.standings;
  app.result.open = true;
  app.result.focus = true;
  $("results").dataset.key = "";
}

function dismissed() {
  return Number(sessionStorage.getItem(`golfo.dismissed.${app.table}`) || 0);
}

function closeResult() {
  if (app.result.open && app.result.data && app.table) {
    sessionStorage.setItem(`golfo.dismissed.${app.table}`, String(app.result.data.hand_number));
  }
  app.result.open = false;
  if (app.countdown) clearInterval(app.countdown);
  app.countdown = null;
  $("results").hidden = true;
  $("shown").replaceChildren();
  $("pots").replaceChildren();
  $("results").dataset.key = "";
}

function stillBetween(view, result) {
  return view.phase === "between_hands" && view.hand_number === result.hand_number;
}

// "Next hand": between hands of that result, ask for the next one; once it has begun, only
// put the result away (the new hand was playable all along).
function pressNext() {
  const view = app.view;
  const result = app.result.data;
  if (view && app.seat !== null && view.phase === "between_hands" && (!result || stillBetween(view, result))) {
    act({ type: "next_hand" });
  }
  closeResult();
  if (view) render();  // the keyboard goes to the moves (placeFocus)
}

function askEnd() {
  $("confirm-end").showModal();
  $("confirm-no").focus();
}

function renderResult(view) {
  const box = $("results");
  const result = app.result.data;
  if (!app.result.open || !result) {
    box.hidden = true;
    return;
  }
  const standings = view.phase === "end" || stillBetween(view, result) ? app.standings : app.result.standings;
  const state = view.phase === "end" ? "end" : stillBetween(view, result) ? "between" : "started";
  const key = JSON.stringify([result.hand_number, app.lang, state, standings, app.voted === view.version, app.seats]);
  if (box.dataset.key === key) return;
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.kind : null;
  box.dataset.key = key;
  box.dataset.state = state;
  setText($("results-title"), state === "end" ? t("game_over") : `${fill(t("hand_n"), { n: result.hand_number })} · ${result.showdown ? t("showdown") : t("folds")}`);
  const line = resultLine(result);
  setText($("results-line"), state === "end" ? `${fill(t("hand_n"), { n: result.hand_number })}: ${line}` : line);
  const rows = standings ? new Map(standings.rows.map((r) => [r.seat, r])) : new Map();
  const winners = new Set(result.pots.map((p) => p.winner));
  $("shown").replaceChildren(...result.payoffs.map((payoff, seat) => {
    const cards = result.shown[seat];
    const score = result.scores[seat];
    const counting = new Set(score ? score.counting : []);
    let what;
    if (cards) {
      what = el("span", { class: "shown-cards" }, ...cards.map((card) => {
        const node = cardElement(card, cardName(card), { small: true });
        if (counting.has(card)) node.classList.add("counts");
        return node;
      }));
    } else {
      const text = !result.dealt_in.includes(seat) ? t("skipped") : winners.has(seat) ? t("no_show") : t("folded");
      what = el("span", { class: "muted", text });
    }
    const row = rows.get(seat);
    return el("tr", { "data-seat": String(seat), class: winners.has(seat) ? "winner" : null },
      el("th", { scope: "row", text: seatName(seat) }),
      el("td", { class: "what" }, what),
      el("td", { class: "value", text: score ? String(score.value) : "" }),
      el("td", { class: `payoff ${payoff > 0 ? "plus" : payoff < 0 ? "minus" : ""}`, text: payoff > 0 ? `+${payoff}` : payoff < 0 ? `−${-payoff}` : "0" }),
      el("td", { class: "stack", text: row ? String(row.stack) : "" }));
  }));
  $("pots").replaceChildren();
  const winner = state === "end" && standings
    ? (standings.winner === null ? t("no_winner") : `${t("game_winner")}: ${seatName(standings.winner)}`)
    : "";
  setText($("winner"), winner);
  let note = "";
  if (state === "between") note = app.config.pause === null ? t("next_wait") : fill(t("next_in"), { n: Math.round(app.config.pause) });
  if (state === "started") note = t("next_started");
  if (state === "between" && app.voted === view.version) note = t("voted");
  setText($("next-note"), note);
  startCountdown(state === "between" && app.config.pause !== null && app.voted !== view.version);
  const buttons = [];
  if (state === "end") {
    buttons.push(el("button", { type: "button", class: "primary", "data-kind": "lobby", text: t("back_lobby"), onclick: () => { location.hash = "#/"; } }));
    buttons.push(el("button", { type: "button", "data-kind": "close", text: t("close"), onclick: pressNext }));
  } else if (state === "started") {  // the new hand is on: the button only puts this away
    buttons.push(el("button", { type: "button", "data-kind": "close", "aria-keyshortcuts": "Escape", onclick: pressNext },
      el("span", { class: "label", text: t("close") }), el("kbd", { class: "hint", "aria-hidden": "true", text: "Esc" })));
  } else if (app.seat === null) {
    buttons.push(el("button", { type: "button", class: "primary", "data-kind": "next_hand", text: t("keep_watching"), onclick: pressNext }));
  } else {
    buttons.push(moveButton("next_hand", t("next_hand"), pressNext, { primary: true }));
    if (state === "between" && view.rules.hands === null) buttons.push(moveButton("end_game", t("end_game"), askEnd));
  }
  $("result-buttons").replaceChildren(...buttons);
  // over the felt until the next hand begins; then out of its way, below the moves
  const home = state === "started" ? $("result-dock") : $("felt");
  if (box.parentNode !== home) home.append(box);
  const wasHidden = box.hidden;
  box.hidden = false;
  const fresh = (wasHidden || app.result.focus) && state !== "started";
  app.result.focus = false;
  if (fresh || focused) {
    const target = (focused && $("result-buttons").querySelector(`[data-kind="${focused}"]`)) || $("result-buttons").querySelector("button");
    if (!(document.activeElement instanceof HTMLInputElement) && !$("confirm-end").open) target.focus({ preventScroll: true });
    if (fresh) box.scrollIntoView({ block: "nearest" });
  }
}

function startCountdown(on) {
  if (app.countdown) clearInterval(app.countdown);
  app.countdown = null;
  if (!on) return;
  const end = Date.now() + app.config.pause * 1000;
  app.countdown = setInterval(() => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    setText($("next-note"), fill(t("next_in"), { n: left }));
    if (!left) { clearInterval(app.countdown); app.countdown = null; }
  }, 1000);
}

// ---------------------------------------------------------------------------
// words, keys, language, theme, routes

function applyLanguage() {
  document.documentElement.lang = app.lang;
  $("lang").textContent = app.lang === "es" ? "EN" : "ES";
  document.querySelectorAll("[data-ui]").forEach((node) => {
    node.textContent = t(node.dataset.ui);
  });
  $("theme").setAttribute("aria-label", t("theme"));
  handsHint();
  $("create").seed.placeholder = t("seed_hint");
  $("heard").setAttribute("aria-label", t("history"));
  $("theme").title = t("theme");
  $("seeded").title = t("seeded_hint");
  for (const id of ["error", "lobby-error"]) if (!$(id).hidden && app.error) setText($(id), said(app.error));
  if (!$("lobby").hidden) showLobby();
  else {
    $("buttons").dataset.key = "";
    render();
  }
}

function onKey(event) {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) {
    if (event.key === "Enter" && target.id === "amount") {
      event.preventDefault();
      wagerGo();
    }
    return;
  }
  if ($("confirm-end").open || $("table").hidden || !app.view) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape" && app.result.open) {
    closeResult();
    render();
    return;
  }
  const key = event.key.toLowerCase();
  const kind = Object.keys(KEYS[app.lang]).find((k) => KEYS[app.lang][k] === key);
  if (!kind) return;
  if (kind === "next_hand" && (app.result.open || app.view.phase === "between_hands")) {
    event.preventDefault();
    pressNext();
    return;
  }
  if (kind === "end_game" && app.view.phase === "between_hands" && app.view.rules.hands === null && app.seat !== null) {
    event.preventDefault();
    askEnd();
    return;
  }
  const choice = (app.view.choices || []).find((c) => c.kind === kind);
  if (!choice) return;
  event.preventDefault();
  if (choice.kind === "discard" && !app.selected.size) return;
  choose(choice);
}

function applyTheme() {
  const theme = localStorage.getItem("golfo.theme");
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

function toggleTheme() {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === "dark"
    : matchMedia("(prefers-color-scheme: dark)").matches;
  localStorage.setItem("golfo.theme", dark ? "light" : "dark");
  applyTheme();
}

function route() {
  const [, where, table] = location.hash.split("/");
  if ((where === "table" || where === "watch") && table) openTable(table, where === "watch");
  else showLobby();
}

function panels() {
  const wide = matchMedia("(min-width: 64rem)");
  const set = () => { for (const id of ["history-box", "memory-box"]) $(id).open = wide.matches; };
  set();
  wide.addEventListener("change", set);
}

async function start() {
  applyTheme();
  try {
    app.words = await api("GET", "/api/words");
  } catch {
    app.words = null;
  }
  try {  // a seed only where the server takes one (golfo serve --allow-seeds); the presets
    const server = await api("GET", "/api/server");
    $("seed-field").hidden = !server.seeds;
    app.presets = server.presets || {};
  } catch {
    $("seed-field").hidden = true;
  }
  $("name").value = localStorage.getItem("golfo.name") || "";
  $("create").addEventListener("submit", createTable);
  $("create").players.addEventListener("change", seatKinds);
  $("create").rules.addEventListener("change", rulesChosen);
  $("lang").addEventListener("click", () => {
    app.lang = app.lang === "es" ? "en" : "es";
    localStorage.setItem("golfo.lang", app.lang);
    applyLanguage();
  });
  $("theme").addEventListener("click", toggleTheme);
  $("amount").addEventListener("input", () => { $("amount-range").value = $("amount").value; });
  $("amount-range").addEventListener("input", () => { $("amount").value = $("amount-range").value; });
  $("wager-go").addEventListener("click", wagerGo);
  $("my-hand").addEventListener("keydown", onHandKey);
  $("my-hand").addEventListener("click", onHandClick);
  $("confirm-yes").addEventListener("click", () => {
    send({ type: "end_game" });
    app.voted = app.view ? app.view.version : null;
    if (app.view) render();
  });
  document.addEventListener("keydown", onKey);
  for (const kind of ["keydown", "pointerdown"]) document.addEventListener(kind, () => { app.touched = true; }, true);
  window.addEventListener("hashchange", route);
  panels();
  applyLanguage();
  route();
}

start();
