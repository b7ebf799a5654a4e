// Doughnut Dash: the torus floor of 2x2 tiles, its barriers, reflectors and teleports, the
// doughnuts and every seat's two thieves, and below it your own cards.
//
// Choosing: click one of your direction cards (or Second Wind / Last Word). Your turn: click a
// thief to ready it, then the arrow to send it off (Sidestep adds arrows to either side, a
// teleport under it a jump to its partner); Sugar Rush cards are played from your hand (Spin:
// the card, then the arrow on a tile). A loop is stopped by clicking one of its squares, a
// steal by clicking the thief to rob. This round's thief paths are drawn, the newest animated.

import { seatTitle } from "../seats.js";
import { choice, h, s, svgRoot } from "../dom.js";

const CELL = 52;
const MARGIN = 24;
/** A tap target's radius, in squares: at least 44 px across on a 390 px phone, the picture's
 * overhang included. */
const THUMB = 0.6;
const SEND_REACH = 0.85;
/** How far a send-off arrow beside an edge square reaches past the coordinates' margin: the
 * picture is that much larger, so the arrow stays on screen wherever the board is. */
const OVERHANG = Math.ceil((SEND_REACH + THUMB - 0.5) * CELL - MARGIN);
const STEP_MS = 170;
const SHAPES = ["circle", "triangle", "square", "diamond"];
const SHAPE_GLYPHS = ["●", "▲", "■", "◆"];
const DELTAS = { n: [-1, 0], e: [0, 1], s: [1, 0], w: [0, -1] };
const CLOCKWISE = ["n", "e", "s", "w"];
const ARROWS = { n: "↑", e: "→", s: "↓", w: "←" };
const DIRECTION_NAMES = { n: "North", e: "East", s: "South", w: "West" };
const DOUGHNUTS = {
  "strawberry-lemonade": { letter: "S", name: "Strawberry Lemonade" },
  "chocolate-coconut": { letter: "C", name: "Chocolate Coconut" },
  "blueberry-violet": { letter: "B", name: "Blueberry Violet" },
  ketchup: { letter: "K", name: "Ketchup" },
  "rainbow-frosted": { letter: "R", name: "Rainbow Frosted" },
};
const CARDS = {
  "about-turn": { name: "About Turn", word: "about", help: "both thieves go the opposite way" },
  leap: { name: "Leap", word: "leap", help: "this thief passes over the first doughnut" },
  spin: { name: "Spin", word: "spin", help: "turn a tile with everything on it" },
  "hold-still": { name: "Hold Still", word: "hold", help: "move only one thief" },
  sidestep: { name: "Sidestep", word: "side", help: "this thief turns 90 degrees" },
  "second-wind": { name: "Second Wind", word: "wind", help: "take your played direction cards back" },
  "last-word": { name: "Last Word", word: "last", help: "choose after the others reveal" },
  guard: { name: "Guard", word: "guard", help: "cancel a steal from you" },
};

let spinning = false;
let keyOpen = false;

function who(view, seat) {
  return seat === view.seat ? "You" : seatTitle(seat);
}

function centre(board, square) {
  const row = Math.floor(square / board.width);
  const col = square % board.width;
  return { x: MARGIN + (col + 0.5) * CELL, y: MARGIN + (row + 0.5) * CELL };
}

function neighbour(board, square, heading) {
  const [dr, dc] = DELTAS[heading];
  const row = (Math.floor(square / board.width) + dr + board.height) % board.height;
  const col = ((square % board.width) + dc + board.width) % board.width;
  return row * board.width + col;
}

function adjacentInGrid(board, a, b) {
  const [ra, ca] = [Math.floor(a / board.width), a % board.width];
  const [rb, cb] = [Math.floor(b / board.width), b % board.width];
  return Math.abs(ra - rb) + Math.abs(ca - cb) === 1;
}

/** Find the legal action whose JSON has these fields; its index, or undefined. */
function find(ctx, fields) {
  const found = ctx.legal.find((action) => Object.entries(fields).every(([key, value]) => action.json[key] === value));
  return found?.index;
}

function featureMark(square, { x, y }) {
  const group = s("g", { class: "feature", "data-feature": square.feature });
  const left = x - CELL / 2;
  const top = y - CELL / 2;
  if (square.feature === "fixed") {
    group.classList.add("fixed");
    group.append(s("rect", { x: left + 3, y: top + 3, width: CELL - 6, height: CELL - 6, rx: 3 }));
    group.append(s("text", { x: left + 5, y: top + 13, class: "feature-label" }, "stop"));
  } else if (square.feature === "reflect") {
    group.classList.add("reflect");
    group.append(s("rect", { x: left + 3, y: top + 3, width: CELL - 6, height: CELL - 6, rx: 3 }));
    group.append(s("line", { x1: left + 6, y1: top + CELL - 6, x2: left + CELL - 6, y2: top + 6 }));
    group.append(s("text", { x: left + 5, y: top + 13, class: "feature-label" }, "back"));
  } else {
    const colour = square.feature.replace("teleport-", "");
    group.classList.add("teleport", colour);
    if (square.partner === null) group.classList.add("unpaired");
    group.append(s("circle", { cx: x, cy: y, r: CELL * 0.44 }));
    group.append(s("text", { x: left + 4, y: top + 12, class: "feature-label" }, `T·${colour[0].toUpperCase()}`));
  }
  return group;
}

function doughnut(kind, { x, y }) {
  const group = s("g", { class: `doughnut ${kind}`, "data-doughnut": kind });
  group.append(s("circle", { cx: x, cy: y + 3, r: CELL * 0.26, class: "dough" }));
  group.append(s("circle", { cx: x, cy: y + 3, r: CELL * 0.08, class: "hole" }));
  group.append(s("text", { x: x + CELL * 0.3, y: y + CELL * 0.38, class: "doughnut-letter" }, DOUGHNUTS[kind].letter));
  return group;
}

function thiefShape(seat, thief, { x, y }, size) {
  const group = s("g", { class: `thief seat-${seat}`, "data-seat": seat, "data-thief": thief });
  const r = size;
  const shape = SHAPES[seat % SHAPES.length];
  if (shape === "circle") group.append(s("circle", { cx: x, cy: y, r, class: "body" }));
  else if (shape === "square") group.append(s("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, class: "body" }));
  else if (shape === "triangle") group.append(s("polygon", { points: `${x},${y - r * 1.15} ${x + r * 1.1},${y + r * 0.8} ${x - r * 1.1},${y + r * 0.8}`, class: "body" }));
  else group.append(s("polygon", { points: `${x},${y - r * 1.2} ${x + r * 1.2},${y} ${x},${y + r * 1.2} ${x - r * 1.2},${y}`, class: "body" }));
  group.append(s("text", { x, y: y + r * 0.35, class: "thief-label", "font-size": r * 1.05 }, `${seat + 1}${thief === 0 ? "a" : "b"}`));
  return group;
}

/** Where each thief is drawn: shared squares put their thieves side by side. */
function thiefPlaces(view) {
  const bySquare = new Map();
  for (const thief of view.thieves) {
    if (!bySquare.has(thief.square)) bySquare.set(thief.square, []);
    bySquare.get(thief.square).push(thief);
  }
  const places = [];
  for (const [square, thieves] of bySquare) {
    const at = centre(view.board, square);
    thieves.forEach((thief, i) => {
      if (thieves.length === 1) places.push({ thief, at, hit: at, size: CELL * 0.3 });
      else {
        // Side by side; each one's tap circle pushed out so far that it leaves the others'
        // shapes' centres to their own circles (and the next square's centre to its thief's).
        const dx = i % 2 ? 1 : -1;
        const dy = thieves.length > 2 ? (i < 2 ? -1 : 1) : 0;
        const placed = (spread) => ({ x: at.x + dx * CELL * spread, y: at.y + dy * CELL * spread });
        places.push({ thief, at: placed(0.22), hit: placed(0.39), size: CELL * 0.2 });
      }
    });
  }
  return places;
}

/** The heading the mover's readied thief would take now (About Turn and Sidestep applied). */
function heading(view) {
  const turn = view.turn;
  let way = view.seats[turn.seat].revealed;
  if (!way) return null;
  if (turn.about_turn) way = CLOCKWISE[(CLOCKWISE.indexOf(way) + 2) % 4];
  if (turn.sidestep) way = CLOCKWISE[(CLOCKWISE.indexOf(way) + (turn.sidestep === "left" ? 3 : 1)) % 4];
  return way;
}

/** The segments of a thief's path: steps, wraps (off one edge, on at the other) and teleport jumps. */
function pathSegments(board, trail) {
  const segments = [];
  let from = trail.start;
  trail.squares.forEach((square, i) => {
    const hop = trail.hops[i];
    segments.push({ from, to: square, kind: hop === "jump" ? "jump" : adjacentInGrid(board, from, square) || from === square ? "step" : "wrap" });
    from = square;
  });
  return segments;
}

function drawTrail(board, trail, fresh) {
  const group = s("g", { class: `trail seat-${trail.seat}${fresh ? " fresh" : ""}`, "data-seat": trail.seat });
  for (const { from, to, kind } of pathSegments(board, trail)) {
    const a = centre(board, from);
    const b = centre(board, to);
    if (kind === "step") group.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }));
    else if (kind === "jump") {
      group.append(s("path", { d: `M${a.x},${a.y} Q${(a.x + b.x) / 2},${Math.min(a.y, b.y) - CELL} ${b.x},${b.y}`, class: "jump" }));
    } else {
      const dx = Math.sign(a.x - b.x) * (Math.abs(a.x - b.x) > CELL ? 1 : 0);
      const dy = Math.sign(a.y - b.y) * (Math.abs(a.y - b.y) > CELL ? 1 : 0);
      group.append(s("line", { x1: a.x, y1: a.y, x2: a.x + dx * CELL * 0.5, y2: a.y + dy * CELL * 0.5, class: "wrap" }));
      group.append(s("line", { x1: b.x - dx * CELL * 0.5, y1: b.y - dy * CELL * 0.5, x2: b.x, y2: b.y, class: "wrap" }));
    }
  }
  const start = centre(board, trail.start);
  group.append(s("circle", { cx: start.x, cy: start.y, r: 4, class: "trail-start" }));
  return group;
}

/** This round's finished moves that the previous view had not seen. */
function freshTrails(view, previous) {
  if (!previous) return [];
  if (previous.round === view.round) return view.trails.slice(previous.trails.length);
  if (previous.round + 1 === view.round) return view.last_trails.slice(previous.trails.length);
  return [];
}

function animateTrail(board, trail, el) {
  if (!el || !el.animate) return;
  const end = centre(board, trail.end);
  const offset = (square, opacity) => {
    const at = centre(board, square);
    return { transform: `translate(${at.x - end.x}px, ${at.y - end.y}px)`, opacity };
  };
  const frames = [offset(trail.start, 1)];
  for (const { from, to, kind } of pathSegments(board, trail)) {
    if (kind === "step") frames.push(offset(to, 1));
    else frames.push(offset(from, 0), offset(to, 0), offset(to, 1));
  }
  if (trail.squares.length === 0 || trail.squares[trail.squares.length - 1] !== trail.end) frames.push(offset(trail.end, 1));
  el.animate(frames, { duration: STEP_MS * frames.length, easing: "linear" });
}

function drawFloor(svg, view) {
  const board = view.board;
  const layer = s("g", { class: "floor" });
  for (const square of board.squares) {
    const at = centre(board, square.square);
    layer.append(s("rect", { x: at.x - CELL / 2, y: at.y - CELL / 2, width: CELL, height: CELL, class: "square", "data-square": square.name }));
    if (square.feature) layer.append(featureMark(square, at));
  }
  for (const tile of board.tiles) {
    const at = centre(board, tile.squares[0]);
    layer.append(s("rect", { x: at.x - CELL / 2, y: at.y - CELL / 2, width: 2 * CELL, height: 2 * CELL, class: "tile" }));
  }
  for (let col = 0; col < board.width; col += 1) {
    layer.append(s("text", { x: MARGIN + (col + 0.5) * CELL, y: MARGIN - 7, class: "coord" }, String.fromCharCode(97 + col)));
  }
  for (let row = 0; row < board.height; row += 1) {
    layer.append(s("text", { x: MARGIN / 2, y: MARGIN + (row + 0.5) * CELL + 4, class: "coord" }, String(row + 1)));
  }
  svg.append(layer);
}

export function draw(target, view, ctx) {
  const board = view.board;
  const placed = new Set();
  const offer = (el, label, index) => {
    placed.add(index);
    return choice(el, label, () => {
      spinning = false;
      ctx.choose(index);
    });
  };
  const spinLegal = ctx.mine && ctx.legal.some((action) => action.json.type === "spin");
  if (!spinLegal) spinning = false;

  const width = board.width * CELL + MARGIN * 2;
  const height = board.height * CELL + MARGIN * 2;
  const svg = svgRoot(width, height, "Doughnut Dash factory floor", OVERHANG);
  drawFloor(svg, view);

  const doughnuts = s("g", {});
  for (const square of board.squares) {
    if (square.doughnut) doughnuts.append(doughnut(square.doughnut, centre(board, square.square)));
  }
  const fresh = freshTrails(view, ctx.previous);
  const shownTrails = view.trails.length ? view.trails : view.last_trails;
  const trails = s("g", { class: view.trails.length ? "trails" : "trails old" });
  for (const trail of shownTrails) trails.append(drawTrail(board, trail, fresh.includes(trail)));
  if (view.turn?.path) trails.append(drawTrail(board, { seat: view.turn.seat, ...view.turn.path }, true));
  const thieves = s("g", {});
  const overlay = s("g", {});
  svg.append(trails, doughnuts, thieves, overlay);

  const turn = view.turn;
  const phase = view.phase;
  for (const { thief, at, hit, size } of thiefPlaces(view)) {
    const el = thiefShape(thief.seat, thief.thief, at, size);
    const label = `${who(view, thief.seat)}: ${thief.thief === 0 ? "first" : "second"} thief on ${thief.name}`;
    el.append(s("title", {}, label));
    if (turn && turn.thief === thief.thief && turn.seat === thief.seat && (phase === "thief" || phase === "loop")) el.classList.add("readied");
    let index;
    if (ctx.mine && phase === "turn" && thief.seat === view.seat) index = find(ctx, { type: "ready", thief: thief.thief });
    if (ctx.mine && phase === "steal" && thief.seat !== view.seat && turn.victims.includes(thief.seat)) {
      const mine = view.thieves.filter((each) => each.seat === view.seat).map((each) => each.square);
      if (mine.includes(thief.square)) index = find(ctx, { type: "rob", victim: thief.seat });
    }
    if (index !== undefined) {
      el.classList.add("movable");
      // A thumb-sized target: the thief's whole square answers a tap, not only its small shape.
      el.prepend(s("circle", { cx: hit.x, cy: hit.y, r: CELL * THUMB, class: "hit" }));
      const what = phase === "steal" ? `rob ${seatTitle(thief.seat)}` : `move your ${thief.thief === 0 ? "first" : "second"} thief (${thief.name})`;
      offer(el, what, index);
    }
    thieves.append(el);
  }
  if (ctx.mine && phase === "thief") drawSendOff(view, ctx, overlay, offer);
  if (ctx.mine && phase === "loop") {
    for (const square of turn.path.loop) {
      const index = find(ctx, { type: "halt", square });
      if (index === undefined) continue;
      const at = centre(board, square);
      const spot = s("g", { class: "stop-here" });
      spot.append(s("rect", { x: at.x - CELL / 2 + 3, y: at.y - CELL / 2 + 3, width: CELL - 6, height: CELL - 6, rx: 6 }));
      spot.append(s("text", { x: at.x, y: at.y + CELL * 0.38 }, "stop"));
      overlay.append(offer(spot, `stop the loop on ${board.squares[square].name}`, index));
    }
  }
  if (spinning) drawSpins(view, ctx, overlay, offer);
  const note = [`Sugar Rush deck: ${view.deck_size}`, `Ketchup left on the floor: ${view.ketchup_left}`, `a stack of ${view.max_stack} ends the game`];
  if (view.ending && !view.outcome) note.push("this is the last round");
  const notes = h("p", { class: "floor-note" }, `${note.join(" · ")}. The floor wraps: a thief leaving one edge comes back in at the opposite edge.`);
  const key = h(
    "details",
    { class: "floor-key", open: keyOpen, ontoggle: (event) => (keyOpen = event.target.open) },
    h("summary", {}, "Key to the floor"),
    h("p", {}, Object.values(DOUGHNUTS).map((kind) => `${kind.letter}: ${kind.name}`).join(" · ")),
    h("p", {}, "stop: fixed barrier (a thief stops on it) · back: reflecting barrier (it turns back) · T·B, T·P, T·G, T·Y: teleports, paired by letter and colour (grey: no partner on this floor)"),
    h("p", {}, "Thieves: the seat's number and a or b (first or second thief), in the seat's shape. Lines: this round's paths (dotted arcs: teleport jumps; stubs at the edges: wraps)."),
  );
  const panel = h("div", { class: "dd-hand" }, notes, key, ...handPanel(view, ctx, offer, target, placed));
  target.replaceChildren(h("div", { class: "dd-table" }, svg, panel));
  if (spinning) svg.querySelector(".spin")?.focus();
  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && spinning) {
      spinning = false;
      draw(target, view, { ...ctx, previous: null });
    }
  });
  for (const trail of fresh) {
    animateTrail(board, trail, thieves.querySelector(`[data-seat="${trail.seat}"][data-thief="${trail.thief}"]`));
  }
  return placed;
}

/** The readied thief's ways off: straight on, Sidestep to either side, the teleport under it. */
function drawSendOff(view, ctx, layer, offer) {
  const board = view.board;
  const turn = view.turn;
  const own = view.thieves.find((thief) => thief.seat === turn.seat && thief.thief === turn.thief);
  const way = heading(view);
  if (!own || !way) return;
  const at = centre(board, own.square);
  const arrow = (direction, label, index, kind) => {
    const [dr, dc] = DELTAS[direction];
    // Out on the next square and thumb-sized (44 px on a phone), clear of the other arrows.
    const x = at.x + dc * CELL * SEND_REACH;
    const y = at.y + dr * CELL * SEND_REACH;
    const group = s("g", { class: `send ${kind}` });
    group.append(s("circle", { cx: x, cy: y, r: CELL * THUMB }));
    group.append(s("text", { x, y: y + 9 }, ARROWS[direction]));
    layer.append(offer(group, label, index));
  };
  const go = find(ctx, { type: "go", teleport: false });
  if (go !== undefined) arrow(way, `send the thief ${DIRECTION_NAMES[way]}`, go, "go");
  for (const side of ["left", "right"]) {
    const index = find(ctx, { type: "sidestep", side });
    const turned = CLOCKWISE[(CLOCKWISE.indexOf(way) + (side === "left" ? 3 : 1)) % 4];
    if (index !== undefined) arrow(turned, `play Sidestep: turn ${side}, to the ${DIRECTION_NAMES[turned]}`, index, "sidestep");
  }
  const teleport = find(ctx, { type: "go", teleport: true });
  const partner = board.squares[own.square].partner;
  if (teleport !== undefined && partner !== null) {
    const to = centre(board, partner);
    const group = s("g", { class: "send teleport" });
    group.append(s("circle", { cx: to.x, cy: to.y, r: CELL * 0.42 }));
    group.append(s("text", { x: to.x, y: to.y + 5 }, "jump"));
    layer.append(s("path", { d: `M${at.x},${at.y} Q${(at.x + to.x) / 2},${Math.min(at.y, to.y) - CELL} ${to.x},${to.y}`, class: "jump-hint" }));
    layer.append(offer(group, `use the teleport: jump to ${board.squares[partner].name}, then go ${DIRECTION_NAMES[way]}`, teleport));
  }
}

/** Spin's second step: a clockwise and an anticlockwise arrow on every tile. */
function drawSpins(view, ctx, layer, offer) {
  for (const tile of view.board.tiles) {
    const corner = centre(view.board, tile.squares[0]);
    const x = corner.x + CELL / 2;
    const y = corner.y + CELL / 2;
    for (const clockwise of [true, false]) {
      const index = find(ctx, { type: "spin", tile: tile.position, clockwise });
      if (index === undefined) continue;
      const dx = clockwise ? 15 : -15;
      const group = s("g", { class: "spin" });
      group.append(s("circle", { cx: x + dx, cy: y, r: 13 }));
      group.append(s("text", { x: x + dx, y: y + 6 }, clockwise ? "↻" : "↺"));
      const name = view.board.squares[tile.squares[0]].name;
      layer.append(offer(group, `spin the tile at ${name} ${clockwise ? "clockwise" : "anticlockwise"}`, index));
    }
  }
}

/** Your cards below the floor: direction cards, Sugar Rush cards, and who draws for your Blueberry Violet. */
function handPanel(view, ctx, offer, target, placed) {
  if (view.seat === null) return [];
  const me = view.seats[view.seat];
  const out = [];
  const directions = CLOCKWISE.map((direction) => {
    const inHand = me.hand.includes(direction);
    const card = h("span", { class: `dcard${inHand ? "" : " played"}`, "data-direction": direction }, h("b", {}, direction.toUpperCase()), h("small", {}, ARROWS[direction]));
    if (me.choice?.direction === direction) card.classList.add("secret");
    const index = ctx.mine ? find(ctx, { type: "choose", direction }) : undefined;
    if (index !== undefined) offer(card, `choose ${DIRECTION_NAMES[direction]}`, index);
    return card;
  });
  const secret = me.choice?.direction ? `your secret choice: ${me.choice.direction.toUpperCase()}` : me.revealed ? `revealed: ${me.revealed.toUpperCase()}` : "";
  out.push(h("div", { class: "cards" }, h("span", { class: "cards-title" }, "Direction cards"), ...directions, secret ? h("span", { class: "cards-note" }, secret) : null));

  const sugar = (me.sugar_rush ?? []).map((kind) => {
    const info = CARDS[kind];
    const card = h("span", { class: "scard", "data-card": kind, title: info.help }, h("b", {}, info.name), h("small", {}, info.help));
    if (!ctx.mine) return card;
    if (kind === "spin" && ctx.legal.some((action) => action.json.type === "spin")) {
      card.classList.add("selected-toggle");
      if (spinning) card.classList.add("selected");
      choice(card, spinning ? "Spin: pick a tile arrow (click again to cancel)" : "play Spin", () => {
        spinning = !spinning;
        draw(target, view, { ...ctx, previous: null });
      });
      for (const action of ctx.legal) if (action.json.type === "spin") placed.add(action.index);
    } else {
      const index = find(ctx, { type: "play", card: kind });
      if (index !== undefined) offer(card, `play ${info.name}`, index);
    }
    return card;
  });
  const chosen = [me.choice?.second_wind ? "Second Wind" : null, me.choice?.last_word ? "Last Word" : null].filter(Boolean);
  out.push(
    h(
      "div",
      { class: "cards" },
      h("span", { class: "cards-title" }, "Your Sugar Rush cards"),
      ...(sugar.length ? sugar : [h("span", { class: "cards-note" }, "none")]),
      chosen.length ? h("span", { class: "cards-note" }, `played into your choice: ${chosen.join(", ")}`) : null,
    ),
  );
  if (ctx.mine && view.phase === "blueberry") {
    const gives = view.turn.tied.map((seat) => {
      const index = find(ctx, { type: "give", seat });
      const button = h("button", { type: "button", class: "action" }, `${seatTitle(seat)} draws`);
      return index === undefined ? null : offer(button, `${seatTitle(seat)} draws a Sugar Rush card`, index);
    });
    out.push(h("div", { class: "cards" }, h("span", { class: "cards-title" }, "Blueberry Violet: who draws?"), ...gives));
  }
  return out;
}

export function seatLines(view, seat) {
  const info = view.seats[seat];
  const top = info.stack.length ? `, top ${DOUGHNUTS[info.stack[info.stack.length - 1]].name}` : "";
  const lines = [`${SHAPE_GLYPHS[seat % SHAPES.length]} thieves ${seat + 1}a, ${seat + 1}b · stack ${info.stack.length}${top}`];
  const points = info.points === null ? `${info.doughnut_points} points in doughnuts` : `${info.points} points (cards included)`;
  lines.push(`${points} · Sugar Rush cards: ${info.sugar_rush_count}`);
  const status = info.revealed ? `revealed ${info.revealed.toUpperCase()}` : info.committed ? "has chosen" : info.choosing ? "choosing…" : "";
  const hand = `directions ${info.hand.map((d) => d.toUpperCase()).join(" ") || "none"}`;
  lines.push([hand, status, view.first_player === seat ? "first player" : ""].filter(Boolean).join(" · "));
  return lines;
}

function eventLine(view, event) {
  const actor = who(view, event.seat);
  const other = event.other === null ? "" : who(view, event.other);
  const kind = event.doughnut ? DOUGHNUTS[event.doughnut].name : "";
  switch (event.kind) {
    case "reveal":
      return `${actor} revealed ${DIRECTION_NAMES[event.direction]}.`;
    case "play":
      return `${actor} played ${CARDS[event.card]?.name ?? event.card}.`;
    case "spin":
      return `${actor} spun the tile at ${view.board.squares[view.board.tiles[event.square].squares[0]].name}.`;
    case "take":
      return `${actor} took a ${kind}${event.square === null ? "" : ` from ${view.board.squares[event.square].name}`}.`;
    case "steal":
      return `${actor} stole a ${kind} from ${other}.`;
    case "guard":
      return `${actor} played Guard against ${other}'s steal.`;
    case "draw":
      return event.card ? `${actor} drew ${CARDS[event.card].name}.` : `${actor} drew a Sugar Rush card.`;
    case "reshuffle":
      return "The discards became the Sugar Rush deck.";
    case "return":
      return `${actor} took the played direction cards back.`;
    case "first":
      return `${actor} now hold${event.seat === view.seat ? "" : "s"} the first-player card.`;
    default:
      return `${actor}: ${event.kind}`;
  }
}

export function events(view) {
  return view.events.map((event) => eventLine(view, event));
}
