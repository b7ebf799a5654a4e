// Honey Donut: the hexagon of 18 cells around the hole. A move is two clicks: a cell of the
// line, then the neighbouring cell to push toward. The last push is outlined and its pieces
// slide along the line (the one pushed out comes back in at the other end).

import { choice, s, svgRoot } from "../dom.js";

const SIZE = 40;
const PUSH_RADIUS = 30;
const SQRT3 = Math.sqrt(3);
const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]];
const COLOURS = ["red", "blue"];
const ARROWS = { "1,0": "→", "-1,0": "←", "0,1": "↘", "0,-1": "↖", "1,-1": "↗", "-1,1": "↙" };

let selected = null;

function centre(cell) {
  return { x: 250 + SIZE * SQRT3 * (cell.q + cell.r / 2), y: 230 + SIZE * 1.5 * cell.r };
}

function hexPoints({ x, y }) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + SIZE * Math.cos(angle)).toFixed(1)},${(y + SIZE * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** The move pushing the line through `from` toward its neighbour in `direction`, named as the rules name it. */
function pushLabel(at, from, [dq, dr]) {
  let trailing = from;
  for (;;) {
    const back = at.get(`${trailing.q - dq},${trailing.r - dr}`);
    if (!back) break;
    trailing = back;
  }
  const next = at.get(`${trailing.q + dq},${trailing.r + dr}`);
  return next ? trailing.cell + next.cell : null;
}

function piece(kind, { x, y }, cell) {
  const [colour, king] = kind.split(" ");
  const group = s("g", { class: `piece ${colour}${king ? " king" : ""}`, "data-piece": kind, "data-cell": cell });
  group.append(s("circle", { cx: x, cy: y, r: SIZE * 0.62, class: "dough" }));
  group.append(s("circle", { cx: x, cy: y, r: SIZE * 0.2, class: "hole" }));
  if (colour !== "white") {
    group.append(s("text", { x, y: y - SIZE * 0.28, class: "piece-label" }, colour === "red" ? "R" : "B"));
  }
  if (king) group.append(s("text", { x, y: y + SIZE * 0.5, class: "crown" }, "♛"));
  return group;
}

export function draw(target, view, ctx) {
  const at = new Map(view.cells.map((cell) => [`${cell.q},${cell.r}`, cell]));
  const byLetter = new Map(view.cells.map((cell) => [cell.cell, cell]));
  const legal = new Map(ctx.legal.map((action) => [action.label, action.index]));
  const pushes = new Map();
  for (const cell of view.cells) {
    const targets = [];
    for (const direction of DIRECTIONS) {
      const neighbour = at.get(`${cell.q + direction[0]},${cell.r + direction[1]}`);
      const label = neighbour && pushLabel(at, cell, direction);
      if (label && legal.has(label)) targets.push({ neighbour, direction, label });
    }
    if (targets.length) pushes.set(cell.cell, targets);
  }
  if (!ctx.mine || !pushes.has(selected)) selected = null;

  const svg = svgRoot(500, 460, "Honey Donut board");
  svg.append(s("circle", { cx: 250, cy: 230, r: SIZE * 0.75, class: "the-hole" }));
  svg.append(s("text", { x: 250, y: 236, class: "hole-label" }, "hole"));
  const last = new Set(view.last ? view.last.cells : []);
  const cellLayer = s("g", {});
  const pieceLayer = s("g", {});
  const arrowLayer = s("g", {});
  for (const cell of view.cells) {
    const at0 = centre(cell);
    const hex = s("polygon", { points: hexPoints(at0), class: `cell${last.has(cell.cell) ? " last" : ""}`, "data-cell": cell.cell });
    cellLayer.append(hex);
    cellLayer.append(s("text", { x: at0.x - SIZE * 0.62, y: at0.y - SIZE * 0.45, class: "cell-letter" }, cell.cell));
    const drawn = cell.piece ? piece(cell.piece, at0, cell.cell) : null;
    if (drawn) pieceLayer.append(drawn);
    // Once a cell is chosen its arrows cover the cells around it: only it stays a choice (to undo).
    if (ctx.mine && pushes.has(cell.cell) && (!selected || selected === cell.cell)) {
      hex.classList.add("movable");
      if (selected === cell.cell) hex.classList.add("selected");
      const what = selected ? `undo: choose another cell than ${cell.cell}` : `line through cell ${cell.cell}${cell.piece ? ` (${cell.piece})` : ""}`;
      choice(hex, what, () => {
        selected = selected === cell.cell ? null : cell.cell;
        draw(target, view, { ...ctx, previous: null });
      });
    }
  }
  if (selected) {
    for (const { neighbour, direction, label } of pushes.get(selected)) {
      const from = centre(byLetter.get(selected));
      const to = centre(neighbour);
      const arrow = s("g", { class: "push" });
      // On the neighbour it pushes toward, big enough for a thumb (44 px on a phone) and clear of its neighbours.
      const at = { x: from.x + (to.x - from.x) * 0.9, y: from.y + (to.y - from.y) * 0.9 };
      arrow.append(s("circle", { cx: at.x, cy: at.y, r: PUSH_RADIUS }));
      arrow.append(s("text", { x: at.x, y: at.y + 9 }, ARROWS[direction.join(",")]));
      arrowLayer.append(choice(arrow, ctx.legal[legal.get(label)].words, () => {
        selected = null;
        ctx.choose(legal.get(label));
      }));
    }
  }
  svg.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected) {
      selected = null;
      draw(target, view, { ...ctx, previous: null });
    }
  });
  svg.append(cellLayer, pieceLayer, arrowLayer);
  target.replaceChildren(svg);
  if (selected) svg.querySelector(".push")?.focus();
  animate(view, ctx.previous, pieceLayer, byLetter);
  return new Set(legal.values());
}

/** Slide the last push's pieces from where they stood; the one pushed out drops in at the back. */
function animate(view, previous, layer, byLetter) {
  if (!view.last || !previous || previous.ply !== view.ply - 1 || !layer.animate) return;
  const cells = view.last.cells;
  cells.forEach((letter, i) => {
    const to = centre(byLetter.get(letter));
    const from = i === 0 ? centre(byLetter.get(cells[cells.length - 1])) : centre(byLetter.get(cells[i - 1]));
    const el = layer.querySelector(`[data-cell="${letter}"]`);
    if (!el) return;
    const frames = i === 0
      ? [{ opacity: 0, transform: "scale(0.3)" }, { opacity: 1, transform: "scale(1)" }]
      : [{ transform: `translate(${from.x - to.x}px, ${from.y - to.y}px)` }, { transform: "translate(0, 0)" }];
    el.style.transformOrigin = `${to.x}px ${to.y}px`;
    el.animate(frames, { duration: 350, easing: "ease-out" });
  });
}

export function seatLines(view, seat) {
  return [`plays ${COLOURS[seat]}${seat === 0 ? " (moves first)" : ""}`];
}

export function events(view) {
  if (!view.last) return [];
  const mover = view.ply % 2 === 1 ? "Red" : "Blue";
  return [`${mover} pushed the line ${view.last.cells.join(" → ")}`];
}
