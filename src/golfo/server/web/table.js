// Drawing a view of the table: the seats around the felt, the pot, your hand, your moves, the
// history and memory, and the last hand's result.  Nodes are kept and updated in place where
// they can be (focus stays where it is; a live region hears only what is new).
"use strict";

// Where each seat sits, by its distance in play order from the seat at the bottom: play goes
// to the right (counterclockwise seen from above), so the next seat is on the right.
const SLOTS = { 2: ["me", "top"], 3: ["me", "tr", "tl"], 4: ["me", "right", "top", "left"] };
const MOTION = !matchMedia("(prefers-reduced-motion: reduce)").matches;

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

function cardName(card) {
  return app.words ? app.words.cards[card][app.lang] : card;
}

function seatName(s, { you = true } = {}) {
  const row = app.seats && app.seats[s];
  let name = `${t("seat")} ${s}`;
  if (row && row.kind === "human") name = row.name;
  else if (row && row.kind === "bot") name = `${t("bot")} ${s}`;
  return you && s === app.seat ? `${name} (${t("you")})` : name;
}

function pop(node) {
  if (MOTION && node.animate) {
    node.animate([{ transform: "scale(1.25)" }, { transform: "scale(1)" }], { duration: 250, easing: "ease-out" });
  }
}

// The last result, when it is of the hand the view is at (between hands or at the end).
function resultNow(view) {
  const last = view.results[view.results.length - 1];
  const over = view.phase === "between_hands" || view.phase === "end";
  return over && last && last.hand_number === view.hand_number ? last : null;
}

// ---------------------------------------------------------------------------
// the seats

function buildSeats(view) {
  const bottom = app.seat === null ? 0 : app.seat;
  const key = `${view.players}|${bottom}`;
  const box = $("seats");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  $("felt").dataset.players = String(view.players);
  const nodes = [];
  for (let s = 0; s < view.players; s++) {
    const slot = SLOTS[view.players][(s - bottom + view.players) % view.players];
    nodes.push(
      el("div", { class: "seat", "data-seat": String(s), "data-slot": slot, role: "group" },
        el("div", { class: "who" }, el("span", { class: "name" }), el("span", { class: "flags" })),
        el("div", { class: "chips" },
          el("span", { class: "stack", "data-value": "0" }),
          el("span", { class: "bet", "data-value": "0" })),
        el("div", { class: "cards", "aria-live": "off" }),
        el("div", { class: "clock-box" })),
    );
  }
  box.replaceChildren(...nodes);
}

function renderSeats(view) {
  buildSeats(view);
  const result = resultNow(view);
  const winners = new Set(result ? result.pots.map((p) => p.winner) : []);
  for (const node of $("seats").children) {
    const s = Number(node.dataset.seat);
    const name = seatName(s);
    setText(node.querySelector(".name"), name);
    setAttr(node, "aria-label", name);
    const folded = view.folded.includes(s);
    node.classList.toggle("to-act", s === view.to_act);
    node.classList.toggle("me", s === app.seat);
    node.classList.toggle("folded", folded);
    node.classList.toggle("winner", winners.has(s));
    node.classList.toggle("sitting-out", view.dealt_in.length > 0 && !view.dealt_in.includes(s));
    const flags = [];
    if (s === view.dealer) flags.push(["dealer", t("dealer"), t("dealer_title")]);
    if (view.dealt_in.length && s === view.mano) flags.push(["mano", t("mano"), t("mano_title")]);
    if (folded) flags.push(["folded", t("folded"), null]);
    if (view.dealt_in.includes(s) && !folded && view.stacks[s] === 0) flags.push(["all-in", t("all_in"), null]);
    if (app.seats && app.seats[s] && app.seats[s].bot) flags.push(["autoplay", t("plays_bot"), null]);
    const flagBox = node.querySelector(".flags");
    const flagKey = JSON.stringify(flags);
    if (flagBox.dataset.key !== flagKey) {
      flagBox.dataset.key = flagKey;
      flagBox.replaceChildren(...flags.map(([kind, text, title]) => el("span", { class: `flag ${kind}`, text, title })));
    }
    const stack = node.querySelector(".stack");
    stack.dataset.value = String(view.stacks[s]);
    setText(stack, `${t("stack")} ${view.stacks[s]}`);
    const bet = node.querySelector(".bet");
    const before = Number(bet.dataset.value);
    bet.dataset.value = String(view.bets[s]);
    setText(bet, `${t("bet")} ${view.bets[s]}`);
    bet.classList.toggle("zero", view.bets[s] === 0);
    if (view.bets[s] > before) pop(bet);
    renderSeatCards(node, s, view, result);
    renderClock(node, s, view);
  }
}

function renderSeatCards(node, s, view, result) {
  const box = node.querySelector(".cards");
  const shown = result && result.shown[s];
  let key = "";
  if (s === app.seat) key = "mine";
  else if (shown) key = `shown:${shown.join(",")}:${app.lang}`;
  else key = `backs:${view.hand_sizes[s]}:${app.lang}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  if (s === app.seat) {
    box.replaceChildren();
  } else if (shown) {
    const counting = new Set((result.scores[s] || { counting: [] }).counting);
    box.replaceChildren(el("span", { class: "shown-cards" }, ...shown.map((card) => {
      const node = cardElement(card, cardName(card), { small: true });
      if (counting.has(card)) node.classList.add("counts");
      return node;
    })));
  } else {
    const count = view.hand_sizes[s];
    box.replaceChildren(count ? backs(count, `${count} ${t("cards")}`) : "");
  }
}

// A turn timer under the seat to act, when the table has one and a person is to act.
function renderClock(node, s, view) {
  const box = node.querySelector(".clock-box");
  const row = app.seats && app.seats[s];
  const timed = app.config.timer && s === view.to_act && row && row.kind === "human" && !row.bot;
  const key = timed ? `${view.version}` : "";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  let clock = "";
  if (timed) {
    clock = el("span", { class: "clock", title: t("timer") });
    // through the CSSOM: the page's Content-Security-Policy refuses style="..." attributes
    clock.style.animationDuration = `${app.config.timer}s`;
  }
  box.replaceChildren(clock);
}

function renderTurn(view) {
  let text = "";
  if (typeof view.to_act === "number") {
    text = view.to_act === app.seat ? t("your_turn") : `${t("to_act")} ${seatName(view.to_act)}`;
  }
  setText($("turn"), text);
  $("turn").dataset.seat = typeof view.to_act === "number" ? String(view.to_act) : "";
  $("turn").classList.toggle("mine", view.to_act === app.seat);
}

// ---------------------------------------------------------------------------
// your hand: cards to pick for a discard, with a roving tabindex

function discarding(view) {
  return Boolean(view.moves && view.moves.discard_max !== null && view.moves.discard_max > 0);
}

// Why the player holds no cards: out of the game for good, or the dealer sitting out a hand of
// four (docs/rules.md, R1 and R17); "" otherwise.
function handNote(view) {
  if (app.seat === null || view.hand.length) return "";
  if (view.out.includes(app.seat)) return t("out_for_good");
  if (view.dealt_in.length && !view.dealt_in.includes(app.seat)) return t("sitting_out");
  return "";
}

function renderHand(view) {
  const box = $("my-hand");
  const picking = discarding(view);
  for (const card of [...app.selected]) if (!picking || !view.hand.includes(card)) app.selected.delete(card);
  const note = handNote(view);
  const key = `${picking}|${view.hand.join(",")}|${app.lang}|${note}`;
  if (box.dataset.key !== key) {
    const focused = box.contains(document.activeElement) ? document.activeElement : null;
    const index = focused ? [...box.children].indexOf(focused) : -1;
    const old = new Map([...box.querySelectorAll(".card")].map((n) => [n.dataset.card, n]));
    if (app.handOf === view.hand_number) {  // discarded within the hand: they fly off
      for (const [card, node] of old) if (!view.hand.includes(card)) flyOff(node);
    }
    const nodes = view.hand.map((card) => {
      const node = cardElement(card, cardName(card), { button: picking, pressed: app.selected.has(card) });
      if (!old.has(card)) node.classList.add("dealt");
      return node;
    });
    box.replaceChildren(...nodes, ...(note ? [el("p", { class: "hand-note", id: "hand-note", text: note })] : []));
    box.dataset.key = key;
    box.classList.toggle("picking", picking);
    app.handOf = view.hand_number;
    if (focused && picking && nodes.length) {
      const same = nodes.find((n) => n.dataset.card === focused.dataset.card);
      app.handFocus = (same || nodes[Math.min(index, nodes.length - 1)]).dataset.card;
      roving();
      box.querySelector(`[data-card="${app.handFocus}"]`).focus();
    }
  }
  roving();
  setAttr(box, "aria-label", picking ? t("discard_help") : t("your_cards"));
  setText($("my-value"), view.hand.length ? ` · ${t("value")} ${view.hand_value}` : "");
}

// One card of the hand takes Tab (the one last moved to); arrows move along the hand.
function roving() {
  const cards = [...$("my-hand").querySelectorAll("button.card")];
  if (!cards.length) return;
  if (!cards.some((c) => c.dataset.card === app.handFocus)) app.handFocus = cards[0].dataset.card;
  for (const card of cards) {
    setAttr(card, "tabindex", card.dataset.card === app.handFocus ? "0" : "-1");
    setAttr(card, "aria-pressed", app.selected.has(card.dataset.card) ? "true" : "false");
  }
}

function onHandKey(event) {
  const card = event.target.closest("button.card");
  if (!card) return;
  const cards = [...$("my-hand").querySelectorAll("button.card")];
  const at = cards.indexOf(card);
  const to = {
    ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: cards.length - 1,
  }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const next = cards[(to + cards.length) % cards.length];
  app.handFocus = next.dataset.card;
  roving();
  next.focus();
}

function onHandClick(event) {
  const card = event.target.closest("button.card");
  if (!card || !app.view || !discarding(app.view)) return;
  const name = card.dataset.card;
  app.handFocus = name;
  if (app.selected.has(name)) app.selected.delete(name);
  else if (app.selected.size < app.view.moves.discard_max) app.selected.add(name);
  roving();
  renderMoves(app.view);
}

// A discarded card's picture flies off (a copy, with no name: the hand itself is redrawn).
function flyOff(node) {
  if (!MOTION) return;
  const box = node.getBoundingClientRect();
  const copy = node.cloneNode(true);
  copy.removeAttribute("data-card");
  copy.removeAttribute("aria-label");
  copy.setAttribute("aria-hidden", "true");
  copy.className = `${node.className} flying`;
  copy.style.cssText = `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
  $("fx").append(copy);
  setTimeout(() => copy.remove(), 600);
}

// ---------------------------------------------------------------------------
// your moves

function keyOf(kind) {
  return KEYS[app.lang][kind] || "";
}

// A move's button: its words (and shorter ones for a narrow screen, when given), its key.
function moveButton(kind, label, onclick, { primary = false, disabled = false, short = null } = {}) {
  const key = keyOf(kind);
  const classes = [primary ? "primary" : "", short ? "has-short" : ""].filter(Boolean).join(" ");
  return el("button", {
    type: "button", class: classes || null, "data-kind": kind, "aria-keyshortcuts": key || null,
    onclick, disabled,
  }, el("span", { class: "label", text: label }), short ? el("span", { class: "short", text: short }) : null,
  key ? el("kbd", { class: "hint", "aria-hidden": "true", text: key }) : null);
}

function renderMoves(view) {
  const choices = view.choices || [];
  const between = view.phase === "between_hands" && app.seat !== null && !app.result.open;
  const key = JSON.stringify([choices, app.lang, app.selected.size, between, view.rules.hands === null]);
  const box = $("buttons");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.kind : null;
  const buttons = [];
  $("wager").hidden = true;
  for (const choice of choices) {
    if (choice.kind === "bet" || choice.kind === "raise") {
      showWager(choice);
      continue;
    }
    let label = choice[app.lang];
    let disabled = false;
    let short = null;
    if (choice.kind === "discard") {
      label = `${label}: ${app.selected.size} ${t("selected")}`;
      short = fill(t("discard_short"), { n: app.selected.size, max: view.moves.discard_max });
      disabled = app.selected.size === 0;
    }
    const primary = choice.kind === "discard" && !disabled;
    buttons.push(moveButton(choice.kind, label, () => choose(choice), { disabled, primary, short }));
  }
  if (between) {
    buttons.push(moveButton("next_hand", t("next_hand"), pressNext, { primary: true }));
    if (view.rules.hands === null) buttons.push(moveButton("end_game", t("end_game"), askEnd));
  }
  box.replaceChildren(...buttons);
  if (focused) {  // the same move again, or the first; with none, render() places the keyboard
    const again = box.querySelector(`[data-kind="${focused}"]:not(:disabled)`) || box.querySelector("button:not(:disabled)");
    if (again) again.focus();
  }
}

function showWager(choice) {
  $("wager").hidden = false;
  const amount = $("amount");
  const range = $("amount-range");
  for (const input of [amount, range]) {
    input.min = String(choice.low);
    input.max = String(choice.high);
  }
  if ($("wager").dataset.kind !== choice.kind || !(Number(amount.value) >= choice.low && Number(amount.value) <= choice.high)) {
    amount.value = String(choice.low);
  }
  range.value = amount.value;
  $("wager").dataset.kind = choice.kind;
  $("wager").dataset.low = String(choice.low);
  $("wager").dataset.high = String(choice.high);
  // the button says the move, the label only its range; the field's name has both
  setText($("amount-label"), fill(t("range"), { low: choice.low, high: choice.high }));
  setAttr(amount, "aria-label", choice[app.lang]);
  const go = $("wager-go");
  const key = keyOf(choice.kind);
  go.dataset.kind = choice.kind;
  go.setAttribute("aria-keyshortcuts", key);
  go.replaceChildren(el("span", { class: "label", text: t(choice.kind === "bet" ? "bet_go" : "raise_go") }),
    el("kbd", { class: "hint", "aria-hidden": "true", text: key }));
}

// ---------------------------------------------------------------------------
// the history (only new entries are added) and what a screen reader hears: each new event
// once, in a live region of its own (the history may be folded away on a phone)

function renderHistory(view) {
  const list = $("history");
  const log = app.log;
  if (log.hand !== view.hand_number) {  // a new hand: nothing of the last one's deals is kept
    app.told = new Set();
    $("heard").replaceChildren();
  }
  if (log.hand !== view.hand_number || log.lang !== app.lang) {
    list.replaceChildren();
    $("history-empty").hidden = false;
    Object.assign(log, { hand: view.hand_number, lang: app.lang, count: 0, result: false });
  }
  const events = view.history.filter((e) => !(e.type === "dealt" && e.card === null && e.seat !== app.seat));
  const added = [];
  for (let i = log.count; i < events.length; i++) {
    const event = events[i];
    const who = "seat" in event ? `${seatName(event.seat)}: ` : "";
    added.push(el("li", { "data-type": event.type, "data-key": `${view.hand_number}:${i}` }, `${who}${said(event.text)}`));
    if (event.type === "discarded" && event.seat !== app.seat && log.count > 0) redeal(event.seat);
  }
  log.count = Math.max(log.count, events.length);
  const result = resultNow(view);
  if (result && !log.result) {
    log.result = true;
    added.push(el("li", { class: "result-line", "data-type": "result", "data-key": `${view.hand_number}:result` }, resultLine(result)));
  }
  if (!added.length) return;
  list.append(...added);
  list.scrollTop = list.scrollHeight;  // the newest entry in sight
  $("history-empty").hidden = true;
  tell(added);
}

function tell(items) {
  const heard = $("heard");
  const fresh = items.filter((li) => !app.told.has(li.dataset.key));
  for (const li of fresh) app.told.add(li.dataset.key);
  if (!fresh.length) return;
  heard.append(...fresh.map((li) => el("p", { "data-key": li.dataset.key, text: li.textContent })));
  while (heard.children.length > 30) heard.firstChild.remove();  // removals are not read
}

function redeal(seat) {
  const node = document.querySelector(`#seats [data-seat="${seat}"] .cards`);
  if (node && MOTION && node.animate) {
    node.animate([{ transform: "translateY(0)" }, { transform: "translateY(-0.5rem)", opacity: 0.4 }, { transform: "translateY(0)" }], { duration: 450 });
  }
}

function resultLine(result) {
  return result.pots.map((pot) => {
    let text = fill(t("pot_won"), { who: seatName(pot.winner), amount: pot.amount });
    if (pot.value !== null) text += ` ${fill(t("with_value"), { value: pot.value })} (${pot.counting.join(" ")})`;
    return text;
  }).join(" · ");
}

function renderMemory(view) {
  const rows = view.discards.filter((d) => d.cards && d.cards.length);
  const key = JSON.stringify([rows, app.lang]);
  const box = $("memory");
  if (box.dataset.key === key) return;
  const had = Number(box.dataset.rows || 0);
  box.dataset.key = key;
  box.dataset.rows = String(rows.length);
  box.replaceChildren(...rows.map((d, i) => el("div", { class: `memory-row${i >= had ? " dealt" : ""}`, "data-seat": String(d.seat) },
    el("span", { class: "who", text: `${seatName(d.seat)}:` }),
    ...d.cards.map((card) => cardElement(card, cardName(card), { small: true })))));
  $("memory-empty").hidden = rows.length > 0;
}
