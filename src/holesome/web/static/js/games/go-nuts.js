// Go Nuts for Donuts: the row of numbered slots beside the deck (SVG), the power under way, every
// seat's collection and the discard pile (HTML card lists). Picks are secret until the reveal:
// before it the page shows only who has picked, and your own pick to you. Every choice of a power's
// chain (a card to keep, give, take, pass or discard; an opponent; stop) is a card or button here.

import { seatTitle } from "../seats.js";
import { choice, h, s, svgRoot } from "../dom.js";

const CARD_W = 92;
const CARD_H = 128;
const GAP = 14;
const TOP = 34;
const PER_LINE_NARROW = 4;
const NARROW_PX = 560;
const SHAPES = ["●", "▲", "■", "◆", "★", "⬟", "✚", "⬢", "▼", "✖"];
const ORDINALS = ["uppermost", "2nd from the top", "3rd from the top"];

/** How a seat is named on this page: "You" for the viewer, as the shell names the others. */
function who(view, seat) {
  return seat === view.seat ? "You" : seatTitle(seat);
}

function mark(seat) {
  return `${SHAPES[seat % SHAPES.length]}${seat + 1}`;
}

function kindsByCode(view) {
  return new Map(view.kinds.map((kind) => [kind.code, kind]));
}

/** Wrap a kind's name onto at most two lines of the card face. */
function nameLines(name) {
  const words = name.split(" ");
  if (words.length === 1) return [name];
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
}

/** A card face in SVG at (x, y): code, name, a star for a power, its deck colour as a band. */
function svgCard(kind, x, y, extraClass) {
  const group = s("g", { class: `gn-card ${extraClass ?? ""}`, "data-code": kind.code });
  group.append(s("rect", { x, y, width: CARD_W, height: CARD_H, rx: 9, class: "face" }));
  group.append(s("rect", { x: x + 6, y: y + 6, width: CARD_W - 12, height: 8, rx: 3, class: `band ${kind.colours[0]}` }));
  group.append(s("text", { x: x + CARD_W / 2, y: y + 50, class: "code" }, kind.code));
  nameLines(kind.name).forEach((line, i) => {
    group.append(s("text", { x: x + CARD_W / 2, y: y + 76 + i * 15, class: "name" }, line));
  });
  if (kind.power) group.append(s("text", { x: x + CARD_W / 2, y: y + CARD_H - 10, class: "star" }, "★ power"));
  group.append(s("title", {}, `${kind.name}: ${kind.text}`));
  return group;
}

/** The chip of one kind in an HTML card list, with its count. */
function chip(kind, count, extraClass) {
  return h(
    "li",
    { class: `gn-chip ${kind.colours[0]} ${extraClass ?? ""}`, title: `${kind.name}: ${kind.text}`, "data-code": kind.code },
    h("span", { class: "chip-code" }, kind.code),
    h("span", { class: "chip-name" }, kind.name),
    count > 1 ? h("span", { class: "chip-count" }, `×${count}`) : null,
    kind.power ? h("span", { class: "chip-star", "aria-label": "has a power" }, "★") : null,
  );
}

/** The legal actions sorted by what they act on, so each can be drawn where it belongs. */
function sortLegal(view, ctx) {
  const sorted = { pick: new Map(), clear: new Map(), choose: new Map(), opponent: new Map(), retrieve: new Map(), done: null, forfeit: null };
  if (!ctx.mine) return sorted;
  for (const action of ctx.legal) {
    const { json } = action;
    if (json.type === "pick" || json.type === "clear") sorted[json.type].set(json.slot, action);
    else if (json.type === "choose") sorted.choose.set(view.kinds[json.card].code, action);
    else if (json.type === "opponent") sorted.opponent.set(json.seat, action);
    else if (json.type === "retrieve") sorted.retrieve.set(`${view.kinds[json.card].code}.${json.copy}`, action);
    else if (json.type === "done" || json.type === "forfeit") sorted[json.type] = action;
  }
  return sorted;
}

export function draw(target, view, ctx) {
  const kinds = kindsByCode(view);
  const legal = sortLegal(view, ctx);
  const placed = new Set();
  const place = (el, label, action) => {
    placed.add(action.index);
    el.classList.add("offered");
    return choice(el, label, () => ctx.choose(action.index));
  };
  const root = h("div", { class: "go-nuts" });
  const narrow = (target.clientWidth || window.innerWidth) < NARROW_PX;
  root.append(statusLine(view), rowSvg(view, kinds, legal, place, narrow), rowKey(view, kinds), picksLine(view));
  if (view.power) root.append(powerPanel(view, kinds, legal, place));
  const gained = gainedCards(view, ctx.previous);
  const collections = h("div", { class: "gn-collections" });
  const order = [...view.hands.keys()].sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
  for (const seat of order) collections.append(collection(view, seat, kinds, legal, place, gained.get(seat)));
  root.append(collections, discardPile(view, kinds, legal, place));
  target.replaceChildren(root);
  if (ctx.mine && document.activeElement === document.body) target.querySelector(".offered")?.focus({ preventScroll: true });
  return placed;
}

/** What the row's cards do, one tap away on any screen (a card that is a choice is picked on tap). */
function rowKey(view, kinds) {
  const codes = [...new Set(view.row.map((slot) => slot.card).filter(Boolean))];
  const open = rowKey.open ?? false;
  const box = h(
    "details",
    { class: "gn-row-key", open },
    h("summary", {}, "What the row's cards do"),
    h("ul", {}, ...codes.map((code) => h("li", {}, h("strong", {}, kinds.get(code).name), `: ${kinds.get(code).text}`))),
  );
  box.addEventListener("toggle", () => (rowKey.open = box.open));
  return box;
}

function statusLine(view) {
  const over = view.phase === "over";
  return h(
    "p",
    { class: "gn-status" },
    h("strong", {}, over ? `Game over after round ${view.round}` : `Round ${view.round}`),
    ` · deck ${view.deck_size} card${view.deck_size === 1 ? "" : "s"} · discard pile ${view.discard.length}`,
    view.phase === "pick" ? " · everyone picks a slot in secret" : "",
  );
}

/**
 * The deck and the row's numbered slots, slot 1 nearest the deck. On a narrow screen a long row
 * wraps after `PER_LINE_NARROW` places, so the cards stay big enough to read.
 */
function rowSvg(view, kinds, legal, place, narrow) {
  const slots = view.row.length;
  const perLine = narrow ? Math.min(PER_LINE_NARROW, slots + 1) : slots + 1;
  const lineHeight = TOP + CARD_H + 44;
  const corner = (index) => ({ x: GAP + (index % perLine) * (CARD_W + GAP), y: Math.floor(index / perLine) * lineHeight + TOP });
  const lines = Math.ceil((slots + 1) / perLine);
  const svg = svgRoot(GAP + perLine * (CARD_W + GAP), lines * lineHeight, `The row: ${slots} slots, deck of ${view.deck_size}`);
  svg.classList.add("gn-row");
  const fresh = new Set(view.events.filter((event) => event.what === "refill").map((event) => event.slot));
  const deck = s("g", { class: "gn-deck" });
  const d = corner(0);
  deck.append(s("rect", { x: d.x + 5, y: d.y + 5, width: CARD_W, height: CARD_H, rx: 9, class: "back shadow" }));
  deck.append(s("rect", { x: d.x, y: d.y, width: CARD_W, height: CARD_H, rx: 9, class: "back" }));
  deck.append(s("text", { x: d.x + CARD_W / 2, y: d.y + 56, class: "deck-count" }, String(view.deck_size)));
  deck.append(s("text", { x: d.x + CARD_W / 2, y: d.y + 76, class: "deck-label" }, "deck"));
  if (view.deck_top) deck.append(s("text", { x: d.x + CARD_W / 2, y: d.y + CARD_H - 14, class: "deck-top" }, `top: ${view.deck_top}`));
  svg.append(s("text", { x: d.x + CARD_W / 2, y: d.y - 12, class: "slot-number" }, "deck"), deck);
  const mine = view.seat === null ? null : view.hands[view.seat].pick;
  for (const slot of view.row) {
    const { x, y } = corner(slot.slot);
    svg.append(s("text", { x: x + CARD_W / 2, y: y - 12, class: "slot-number" }, `slot ${slot.slot}`));
    let el;
    if (slot.card === null) {
      el = s("g", { class: "gn-card empty" }, s("rect", { x, y, width: CARD_W, height: CARD_H, rx: 9, class: "face" }));
      el.append(s("text", { x: x + CARD_W / 2, y: y + CARD_H / 2, class: "name" }, "empty"));
    } else {
      const kind = kinds.get(slot.card);
      const classes = [fresh.has(slot.slot) ? "fresh" : "", mine === slot.slot && !slot.picked_by.length ? "my-pick" : ""];
      el = svgCard(kind, x, y, classes.join(" "));
      const pick = legal.pick.get(slot.slot);
      const clear = legal.clear.get(slot.slot);
      if (pick) place(el, `pick slot ${slot.slot}: ${kind.name}`, pick);
      if (clear) place(el, `discard slot ${slot.slot}: ${kind.name}`, clear);
    }
    svg.append(el);
    const under = slot.picked_by.length
      ? `${slot.picked_by.length > 1 ? "clash " : ""}${slot.picked_by.map(mark).join(" ")}`
      : mine === slot.slot
        ? "your pick"
        : "";
    if (under) svg.append(s("text", { x: x + CARD_W / 2, y: y + CARD_H + 24, class: `picked${slot.picked_by.length > 1 ? " clash" : ""}` }, under));
  }
  return svg;
}

/** Who has picked this round (never what, until the reveal). */
function picksLine(view) {
  if (view.phase !== "pick") return h("p", { class: "gn-picks" }, "Picks revealed: the seats under each slot picked it.");
  return h(
    "ul",
    { class: "gn-picks", "aria-label": "Picks this round" },
    view.hands.map((hand) =>
      h("li", { class: hand.picked ? "done" : "" }, `${mark(hand.seat)} ${who(view, hand.seat)}: ${hand.picked ? "picked ✓" : "choosing…"}`),
    ),
  );
}

/** The power being resolved, with its chain's choices that live nowhere else on the table. */
function powerPanel(view, kinds, legal, place) {
  const power = view.power;
  const kind = kinds.get(power.card);
  const panel = h(
    "section",
    { class: "gn-power", "aria-label": "Power under way" },
    h("h3", {}, `★ ${kind.name} · ${who(view, power.taker)}`),
    h("p", { class: "power-text" }, kind.text),
  );
  if (power.chosen.length) {
    const chosen = power.chosen.map((item) => (typeof item === "number" ? who(view, item) : kinds.get(item).name));
    panel.append(h("p", {}, `So far: ${chosen.join(", ")}`));
  }
  if (power.power === "draw-two") {
    if (power.drawn_cards) {
      const list = h("ul", { class: "gn-cards" });
      for (const code of power.drawn_cards) {
        const card = chip(kinds.get(code), 1, "");
        const keep = legal.choose.get(code);
        list.append(keep ? place(card, `keep ${kinds.get(code).name}`, keep) : card);
      }
      panel.append(h("p", {}, "You drew (only you see them): keep one, the other goes back on top of the deck."), list);
    } else {
      panel.append(h("p", {}, `${who(view, power.taker)} drew ${power.drawn} card${power.drawn === 1 ? "" : "s"} in secret.`));
    }
  }
  if (power.power === "twist") {
    const passes = power.passed.map((done, seat) => `${mark(seat)} ${done ? "passed ✓" : "choosing…"}`);
    panel.append(h("p", {}, `Everyone passes a card to the next seat in secret: ${passes.join(" · ")}`));
    if (power.my_pass) panel.append(h("p", { class: "secret" }, `You pass ${kinds.get(power.my_pass).name} (only you see this).`));
  }
  const buttons = h("p", { class: "gn-buttons" });
  if (legal.done) {
    const stop = power.power === "clear-row" ? "Discard no more row cards" : "Take no more cards";
    buttons.append(place(h("button", { type: "button" }, stop), `${stop.toLowerCase()} (done)`, legal.done));
  }
  if (legal.forfeit) {
    buttons.append(place(h("button", { type: "button" }, `Discard the ${kind.name} instead`), `discard the ${kind.name} (forfeit)`, legal.forfeit));
  }
  if (buttons.childNodes.length) panel.append(buttons);
  return panel;
}

/** Which cards each seat holds more of than in the previous view: the last moves' gains. */
function gainedCards(view, previous) {
  const gained = new Map();
  if (!previous || previous.game !== view.game) return gained;
  for (const hand of view.hands) {
    const before = previous.hands[hand.seat]?.cards ?? {};
    gained.set(hand.seat, new Set(Object.keys(hand.cards).filter((code) => hand.cards[code] > (before[code] ?? 0))));
  }
  return gained;
}

/** One seat's collection (public): its cards, score, count and types; a target when a power asks. */
function collection(view, seat, kinds, legal, place, gained) {
  const hand = view.hands[seat];
  const points = view.outcome?.details?.points?.[seat];
  const box = h("section", { class: `gn-collection${seat === view.seat ? " mine" : ""}`, "data-seat": seat });
  const title = h(
    "h3",
    {},
    h("span", { class: "badge" }, mark(seat)),
    ` ${who(view, seat)}`,
    h("span", { class: "tally" }, ` · ${hand.score} pts · ${hand.count} card${hand.count === 1 ? "" : "s"} · ${hand.types} type${hand.types === 1 ? "" : "s"}`),
  );
  const opponent = legal.opponent.get(seat);
  box.append(opponent ? place(title, `choose ${who(view, seat)}`, opponent) : title);
  const fromHere = cardTargets(view, seat);
  const list = h("ul", { class: "gn-cards" });
  for (const [code, count] of Object.entries(hand.cards)) {
    const kind = kinds.get(code);
    const card = chip(kind, count, gained?.has(code) ? "new" : "");
    if (points) card.append(h("span", { class: "chip-points" }, `= ${points[code]}`));
    const action = fromHere ? legal.choose.get(code) : null;
    list.append(action ? place(card, `${fromHere} ${kind.name}${seat === view.seat ? "" : ` of ${who(view, seat)}`}`, action) : card);
  }
  if (!hand.count) list.append(h("li", { class: "gn-none" }, "no cards yet"));
  box.append(list);
  return box;
}

/** The verb a `choose` action has when it names a card of `seat`'s collection, or null. */
function cardTargets(view, seat) {
  const power = view.power;
  if (!power) return null;
  const verbs = { give: "give", twist: "pass", "discard-three": "discard", "discard-one": "discard" };
  if (seat === view.seat && power.power in verbs) return verbs[power.power];
  if (seat !== view.seat && power.chosen[0] === seat && (power.power === "steal" || power.power === "spoil")) {
    return power.power === "steal" ? "take" : "discard";
  }
  return null;
}

/** The discard pile, top card first (its order is public and matters). */
function discardPile(view, kinds, legal, place) {
  const box = h("section", { class: "gn-discard", "aria-label": "Discard pile" }, h("h3", {}, `Discard pile (${view.discard.length}), top first`));
  const list = h("ol", { class: "gn-cards" });
  const seen = new Map();
  for (const code of [...view.discard].reverse()) {
    const copy = seen.get(code) ?? 0;
    seen.set(code, copy + 1);
    const kind = kinds.get(code);
    const card = chip(kind, 1, "");
    const action = legal.retrieve.get(`${code}.${copy}`);
    const which = ORDINALS[copy] ?? `${copy + 1}th from the top`;
    list.append(action ? place(card, `take ${kind.name} from the discard pile (${which})`, action) : card);
  }
  if (!view.discard.length) list.append(h("li", { class: "gn-none" }, "empty"));
  box.append(list);
  return box;
}

export function seatLines(view, seat) {
  const hand = view.hands[seat];
  const lines = [`${hand.score} points · ${hand.count} card${hand.count === 1 ? "" : "s"} · ${hand.types} type${hand.types === 1 ? "" : "s"}`];
  if (view.phase === "pick") lines.push(hand.picked ? (seat === view.seat ? `picked slot ${hand.pick}` : "has picked") : "choosing a slot");
  else if (hand.pick !== null) lines.push(`picked slot ${hand.pick}`);
  return lines;
}

/** The picks of the round the events tell of, seen when they were revealed. */
let revealed = null;

/**
 * Who picked which slot in the round the events tell of. The row shows the picks only until the
 * next round starts, so they are remembered from the last revealed view; without one (a reload),
 * the takes and clashes say the same, except who clashed.
 */
function revealedPicks(view) {
  const picked = view.row.filter((slot) => slot.picked_by.length);
  if (picked.length) {
    revealed = { round: view.round, picks: picked.map((slot) => `slot ${slot.slot}: ${slot.picked_by.map((seat) => who(view, seat)).join(", ")}${slot.picked_by.length > 1 ? " (clash)" : ""}`) };
    return revealed.picks;
  }
  if (revealed?.round === view.round - 1) return revealed.picks;
  return view.events
    .filter((event) => event.what === "take" || event.what === "clash")
    .map((event) => `slot ${event.slot}: ${event.what === "take" ? who(view, event.seat) : "two or more (clash)"}`);
}

/** What happened since the last reveal, in words (every event is public). */
export function events(view) {
  const name = (code) => view.kinds.find((kind) => kind.code === code)?.name ?? code;
  const picks = revealedPicks(view);
  const say = {
    reveal: () => (picks.length ? `Picks revealed: ${picks.join("; ")}.` : "Picks revealed."),
    take: (e) => `${who(view, e.seat)} took ${name(e.card)} from slot ${e.slot}.`,
    clash: (e) => `Slot ${e.slot} was picked by two or more: ${name(e.card)} went to the discard pile.`,
    draw: (e) => `${who(view, e.seat)} drew ${name(e.card)}.`,
    "draw-secret": (e) => `${who(view, e.seat)} drew two cards in secret.`,
    keep: (e) => `${who(view, e.seat)} kept ${name(e.card)} and put the other back on the deck.`,
    retrieve: (e) => `${who(view, e.seat)} took ${name(e.card)} from the discard pile.`,
    clear: (e) => `${who(view, e.seat)} discarded ${name(e.card)} from slot ${e.slot}.`,
    discard: (e) => `${who(view, e.seat)} discarded ${name(e.card)}.`,
    give: (e) => `${who(view, e.seat)} gave ${name(e.card)} to ${who(view, e.other)}.`,
    steal: (e) => `${who(view, e.seat)} took ${name(e.card)} from ${who(view, e.other)}.`,
    spoil: (e) => `${who(view, e.seat)} discarded ${name(e.card)} held by ${who(view, e.other)}.`,
    pass: (e) => `${who(view, e.seat)} passed ${name(e.card)} to ${who(view, e.other)}.`,
    refill: (e) => `Slot ${e.slot} refilled: ${name(e.card)}.`,
    end: () => "The deck cannot refill the row: the game is over.",
  };
  return view.events.map((event) => (say[event.what] ? say[event.what](event) : event.what));
}
