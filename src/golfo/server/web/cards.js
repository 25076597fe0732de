// Small DOM helpers and the Spanish cards, drawn with inline SVG suits (nothing from elsewhere).
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// Write a node's text only when it changes (a live region must not hear the same words again).
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function setAttr(node, name, value) {
  if (value === null) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== value) {
    node.setAttribute(name, value);
  }
}

const SUIT_CLASS = { O: "oros", C: "copas", E: "espadas", B: "bastos" };
const SUIT_SVG = {
  O: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="currentColor"/><circle cx="12" cy="12" r="5" fill="none" stroke="#fff" stroke-width="1.6"/></svg>',
  C: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 4h14c0 6-3 9-6 9v4h3v3H8v-3h3v-4c-3 0-6-3-6-9z" fill="currentColor"/></svg>',
  E: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l2 4v10h-4V6z" fill="currentColor"/><rect x="6" y="16" width="12" height="2.5" fill="currentColor"/><rect x="11" y="18" width="2" height="4" fill="currentColor"/></svg>',
  B: '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 2c3 0 5 2 5 5l-1 15h-3L8 7c0-3 0-5 1-5z" fill="currentColor"/><circle cx="13" cy="6" r="1.3" fill="#fff"/><circle cx="11" cy="11" r="1.3" fill="#fff"/></svg>',
};

// A Spanish card: its rank, its suit drawn in the suit's colour, its name for screen readers.
// `name` is the card's words ("nueve de oros"); a button when it can be picked for a discard.
function cardElement(card, name, { button = false, pressed = false, small = false } = {}) {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  const pip = el("span", { class: "pip" });
  pip.innerHTML = SUIT_SVG[suit];
  // a 6 and a 9 are underlined, as on printed cards: upside down, one reads as the other
  const mark = rank === "6" || rank === "9" ? " underlined" : "";
  const body = [el("span", { class: `rank${mark}`, text: rank }), pip, el("span", { class: `rank low${mark}`, text: rank })];
  const attrs = {
    class: `card ${SUIT_CLASS[suit]}${small ? " small" : ""}`,
    "data-card": card,
    "aria-label": name,
  };
  if (button) {
    attrs.type = "button";
    attrs["aria-pressed"] = pressed ? "true" : "false";
    return el("button", attrs, ...body);
  }
  attrs.role = "img";
  return el("span", attrs, ...body);
}

// Cards seen from behind: `count` backs.
function backs(count, label) {
  const box = el("span", { class: "backs", "data-count": String(count), role: "img", "aria-label": label });
  for (let i = 0; i < count; i++) box.append(el("span", { class: "back", "aria-hidden": "true" }));
  return box;
}
