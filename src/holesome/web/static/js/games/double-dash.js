// Double Dash!: the board of spaces (black spaces dark), Player 1's circles and Player 2's squares,
// and the dice above it. A move is three clicks, as the rules chain it: a die, then one of the
// pieces it can move, then the space where that piece lands (the view's `plays` say which).
// The moves of this turn and the turn before are drawn as arrows; the newest one slides in.
//
// A space is CELL units wide, and the board is never drawn smaller than a unit a CSS pixel, so
// every space a thumb taps is at least 44 px each way. A phone is narrower than ten such spaces:
// there the board slides sideways in its frame (shaded on the side where more of it is), and
// each view slides it so that what the prompt asks for is in sight. The dice sit above the frame
// and stay put; coordinates are written inside the edge spaces, so no margin takes board width.

import { seatTitle } from "../seats.js";
import { choice, h, s, svgRoot } from "../dom.js";

const CELL = 44;
const DICE_BAR = 96;
const DICE_LEFT = 4;
const DIE = 48;
const SHAPES = ["circle", "square"];
const PIP_SPOTS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const ARROWS = { n: "↑", ne: "↗", e: "→", se: "↘", s: "↓", sw: "↙", w: "←", nw: "↖" };

/** (row, col) of a space named like `c4`: column letter, then row number from 1. */
function spot(name) {
  return { row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 97 };
}

function centre(name) {
  const { row, col } = spot(name);
  return { x: (col + 0.5) * CELL, y: (row + 0.5) * CELL };
}

function pieceShape(owner, { x, y }, name) {
  const group = s("g", { class: `piece p${owner + 1}`, "data-piece": owner + 1, "data-space": name });
  const r = CELL * 0.36;
  group.append(
    owner === 0
      ? s("circle", { cx: x, cy: y, r, class: "body" })
      : s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 4, class: "body" }),
  );
  group.append(s("text", { x, y: y + 5, class: "piece-label" }, String(owner + 1)));
  return group;
}

/** Each rolled die with what became of it this turn: still to use, used, or lost. */
function diceStates(dice) {
  const left = [...dice.left];
  const lost = [...dice.lost];
  return dice.rolled.map((pips) => {
    const take = (pool) => {
      const at = pool.indexOf(pips);
      if (at < 0) return false;
      pool.splice(at, 1);
      return true;
    };
    if (take(left)) return { pips, state: "left" };
    if (take(lost)) return { pips, state: "lost" };
    return { pips, state: "used" };
  });
}

function dieFace(pips, x, y, state) {
  const group = s("g", { class: `die ${state}`, "data-die": pips, "data-state": state });
  group.append(s("rect", { x, y, width: DIE, height: DIE, rx: 7, class: "face" }));
  for (const [dx, dy] of PIP_SPOTS[pips]) {
    group.append(s("circle", { cx: x + DIE / 2 + dx * DIE * 0.26, cy: y + DIE / 2 + dy * DIE * 0.26, r: 4.2, class: "pip" }));
  }
  if (state !== "left") {
    group.append(s("text", { x: x + DIE / 2, y: y + DIE + 13, class: "die-note" }, state));
  }
  return group;
}

function drawDice(svg, view, legal) {
  const bar = s("g", { class: "dice-bar" });
  svg.append(bar);
  if (!view.dice) {
    const rolls = view.start_rolls.map(([a, b]) => `${a}–${b}`).join(", ");
    bar.append(s("text", { x: DICE_LEFT, y: 38, class: "bar-text" }, rolls ? `Start rolls (seat 1–seat 2): ${rolls}` : "Rolling to see who starts…"));
    return;
  }
  const who = view.mover === view.seat ? "You" : seatTitle(view.mover);
  bar.append(s("text", { x: DICE_LEFT, y: 20, class: "bar-text" }, `${who} rolled`));
  const states = diceStates(view.dice);
  const offered = new Set();
  states.forEach(({ pips, state }, i) => {
    const x = DICE_LEFT + i * (DIE + 12);
    const face = dieFace(pips, x, 27, state);
    const chosen = view.chosen.die === `${pips}+${pips}` || (view.chosen.die === String(pips) && !offered.has("chosen"));
    if (chosen && state === "left") {
      face.classList.add("chosen");
      offered.add("chosen");
    }
    const label = String(pips);
    if (state === "left" && legal.has(label) && !offered.has(label)) {
      offered.add(label);
      face.classList.add("usable");
      legal.offer(face, `use the die showing ${pips}`, label);
    }
    bar.append(face);
  });
  const double = states.length === 2 && states[0].pips === states[1].pips ? `${states[0].pips}+${states[0].pips}` : null;
  if (double && legal.has(double)) {
    const both = s("g", { class: "die-both usable" });
    const x = DICE_LEFT + 2 * (DIE + 12);
    both.append(s("rect", { x, y: 29, width: 96, height: DIE - 4, rx: 7 }));
    both.append(s("text", { x: x + 48, y: 29 + DIE / 2 + 3 }, `both: ${2 * states[0].pips}`));
    legal.offer(both, `use the double ${double} as one move of ${2 * states[0].pips}`, double);
    bar.append(both);
  }
}

/** A capture's mark, drawn over the piece that took. */
function captureMark(dash) {
  const to = centre(dash.to);
  return s("text", { x: to.x + CELL * 0.32, y: to.y - CELL * 0.2, class: "capture-mark" }, "✕");
}

function dashArrow(dash, kind) {
  const from = centre(dash.from);
  const to = centre(dash.to);
  const group = s("g", { class: `dash ${kind}${dash.captured ? " captured" : ""}`, "data-from": dash.from, "data-to": dash.to });
  const shorten = CELL * 0.42 / Math.max(1, Math.hypot(to.x - from.x, to.y - from.y));
  const end = { x: to.x - (to.x - from.x) * shorten, y: to.y - (to.y - from.y) * shorten };
  group.append(s("line", { x1: from.x, y1: from.y, x2: end.x, y2: end.y, "marker-end": "url(#dd-head)" }));
  group.append(s("circle", { cx: from.x, cy: from.y, r: 5 }));
  return group;
}

export function draw(target, view, ctx) {
  const labels = new Map(ctx.legal.map((action) => [action.label, action.index]));
  const placed = new Set();
  const legal = {
    has: (label) => ctx.mine && labels.has(label),
    offer(el, text, label) {
      placed.add(labels.get(label));
      return choice(el, text, () => ctx.choose(labels.get(label)));
    },
  };
  const width = view.cols * CELL;
  const height = view.rows * CELL;
  const dice = svgRoot(width, DICE_BAR, "The dice");
  drawDice(dice, view, legal);
  const svg = svgRoot(width, height, "Double Dash! board");
  svg.append(s("defs", {}, s("marker", { id: "dd-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" }, s("path", { d: "M0,0 L10,5 L0,10 z", class: "head" }))));

  const spaces = s("g", {});
  const marks = s("g", {});
  const pieces = s("g", {});
  const coords = s("g", { class: "coords" });
  const targets = s("g", {});
  svg.append(spaces, marks, pieces, coords, targets);
  const phase = view.phase;
  const plays = ctx.mine ? view.plays : [];
  const origins = new Set(plays.map((play) => play.from));
  const asked = []; // the columns of what the prompt asks for on the board
  view.board.forEach((line, row) => {
    coords.append(...rowNumbers(row, width));
    [...line].forEach((mark, col) => {
      const name = `${String.fromCharCode(97 + col)}${row + 1}`;
      const x = col * CELL;
      const y = row * CELL;
      const black = mark === "#";
      spaces.append(s("rect", { x, y, width: CELL, height: CELL, class: black ? "space black" : `space ${(row + col) % 2 ? "odd" : "even"}`, "data-space": name }));
      if (black) spaces.append(s("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, class: "black-mark" }, "✖"));
      if (mark !== "1" && mark !== "2") return;
      const piece = pieceShape(Number(mark) - 1, centre(name), name);
      if (phase === "piece" && origins.has(name) && legal.has(name)) {
        piece.classList.add("movable");
        // The whole space answers a tap, not only the piece drawn in it.
        piece.prepend(s("rect", { x, y, width: CELL, height: CELL, class: "hit" }));
        legal.offer(piece, `the piece on ${name}`, name);
        asked.push(col);
      }
      if (phase === "direction" && view.chosen.piece === name) {
        piece.classList.add("selected");
        if (ctx.mine) asked.push(col);
      }
      pieces.append(piece);
    });
  });
  for (let col = 0; col < view.cols; col += 1) {
    const letter = String.fromCharCode(97 + col);
    coords.append(s("text", { x: (col + 1) * CELL - 3, y: height - 3, class: "coord end" }, letter));
  }

  const previousTurn = view.current_turn && view.current_turn.dashes.length ? null : view.last_turn;
  const shown = [
    ...(previousTurn ? previousTurn.dashes : []).map((dash) => [dash, "before"]),
    ...(view.current_turn ? view.current_turn.dashes : []).map((dash) => [dash, "now"]),
  ];
  for (const [dash, kind] of shown) {
    marks.append(dashArrow(dash, kind));
    if (dash.captured) targets.append(captureMark(dash));
  }

  if (phase === "direction") {
    for (const play of plays) {
      if (play.from !== view.chosen.piece || !legal.has(play.direction)) continue;
      const to = centre(play.to);
      const from = centre(play.from);
      const { row, col } = spot(play.to);
      const landing = s("g", { class: `target${play.captures ? " capture" : ""}`, "data-space": play.to });
      // The whole space answers a tap, as a piece's does.
      landing.append(s("rect", { x: col * CELL, y: row * CELL, width: CELL, height: CELL, class: "hit" }));
      landing.append(s("circle", { cx: to.x, cy: to.y, r: CELL * 0.42 }));
      landing.append(s("text", { x: to.x, y: to.y + 6 }, play.captures ? "✕" : ARROWS[play.direction]));
      marks.append(s("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: "route" }));
      const what = play.captures ? `capture on ${play.to}` : `to ${play.to}`;
      targets.append(legal.offer(landing, `move ${play.direction} ${what}`, play.direction));
      asked.push(col);
    }
  }

  const slider = h("div", { class: "dd-slider" }, svg);
  const frame = h("div", { class: "dd-frame" }, slider);
  const quiet = `Turns without a capture: ${view.quiet_turns} of ${view.no_capture_limit} (then a draw)`;
  const root = h("div", { class: "dd" }, h("div", { class: "dd-dice" }, dice), frame, h("p", { class: "dd-quiet" }, quiet));
  // Set through the CSSOM, which the page's style-src policy allows (a style attribute it would not).
  root.style.setProperty("--dd-width", `${width}px`);
  root.style.setProperty("--dd-aspect", String(width / (DICE_BAR + height)));
  const slid = target.querySelector(".dd-slider")?.scrollLeft ?? 0;
  target.replaceChildren(root);
  slider.scrollLeft = slid;
  const fit = () => {
    slideToColumns(slider, width, asked);
    shadeEdges(frame, slider);
  };
  fit();
  slider.addEventListener("scroll", () => shadeEdges(frame, slider), { passive: true });
  new ResizeObserver(fit).observe(slider); // a phone turned, or a window resized
  animate(view, ctx.previous, pieces);
  return placed;
}

/** A row's number, inside its first and its last space (a phone may show only one of them). */
function rowNumbers(row, width) {
  const y = row * CELL + 11;
  return [
    s("text", { x: 3, y, class: "coord" }, String(row + 1)),
    s("text", { x: width - 3, y, class: "coord end" }, String(row + 1)),
  ];
}

/**
 * On a board wider than its frame, slide it so that the columns asked for are in sight: all of
 * them if they fit, else the one nearest to sight (none moves if one is in sight already).
 */
function slideToColumns(slider, width, columns) {
  if (!columns.length || slider.scrollWidth <= slider.clientWidth) return;
  const cell = (slider.scrollWidth / width) * CELL;
  const seen = slider.clientWidth;
  const at = slider.scrollLeft;
  const into = (left, right) => Math.min(left, Math.max(at, right - seen));
  const left = Math.min(...columns) * cell;
  const right = (Math.max(...columns) + 1) * cell;
  if (right - left <= seen) {
    slider.scrollLeft = into(left, right);
    return;
  }
  const moves = columns.map((col) => into(col * cell, (col + 1) * cell));
  slider.scrollLeft = moves.reduce((best, move) => (Math.abs(move - at) < Math.abs(best - at) ? move : best));
}

/** Shade the frame's sides behind which more of the board lies. */
function shadeEdges(frame, slider) {
  const more = [];
  if (slider.scrollLeft > 1) more.push("left");
  if (slider.scrollLeft + slider.clientWidth < slider.scrollWidth - 1) more.push("right");
  frame.dataset.more = more.join(" ");
}

/** The moves made since the previous view, in order. */
function newDashes(view, previous) {
  if (!previous || !previous.current_turn) return [];
  const seen = previous.current_turn.dashes.length;
  if (previous.turn === view.turn) return view.current_turn ? view.current_turn.dashes.slice(seen) : [];
  if (previous.turn + 1 === view.turn && view.last_turn) return view.last_turn.dashes.slice(seen);
  return [];
}

/** Slide each piece moved since the previous view from where it stood. */
function animate(view, previous, layer) {
  newDashes(view, previous).forEach((dash, i) => {
    const el = layer.querySelector(`[data-space="${dash.to}"]`);
    if (!el || !el.animate) return;
    const from = centre(dash.from);
    const to = centre(dash.to);
    el.animate(
      [{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px)` }, { transform: "translate(0, 0)" }],
      { duration: 450, delay: i * 450, easing: "ease-in-out", fill: "backwards" },
    );
  });
}

export function seatLines(view, seat) {
  const lines = [`${SHAPES[seat]}s · ${view.pieces[seat]} piece${view.pieces[seat] === 1 ? "" : "s"} left`];
  if (view.mover === seat && view.dice) lines.push(`rolled ${view.dice.rolled.join(" and ")}`);
  return lines;
}

function describe(view, turn) {
  const who = turn.seat === view.seat ? "You" : seatTitle(turn.seat);
  const lines = [`${who} rolled ${turn.rolled.join(" and ")}.`];
  for (const dash of turn.dashes) {
    lines.push(`${who}: ${dash.from} → ${dash.to} (${dash.steps} ${ARROWS[dash.direction]})${dash.captured ? ", captured a piece!" : ""}`);
  }
  for (const pips of turn.lost) lines.push(`${who} lost the ${pips}: no legal use.`);
  return lines;
}

export function events(view) {
  const lines = [];
  if (view.last_turn) lines.push(...describe(view, view.last_turn));
  if (view.current_turn) lines.push(...describe(view, view.current_turn));
  return lines;
}
