// The game page: one seat (or a spectator) at one game, live over the WebSocket.
//
// The shell draws what every game shares (prompt, players, clocks, rules, end screen) and hands
// the board to the game's renderer, `games/<name>.js`, which exports
//   draw(target, view, ctx) -> Set of the indices of `ctx.legal` it put on the board
//   seatLines(view, seat) -> strings shown beside each player (scores, cards)   [optional]
//   events(view, previous) -> strings: what happened since the previous view    [optional]
// with ctx = {seat, players, legal: [{json, label}], choose(index), previous, mine}.
// Legal actions the renderer did not place are offered as buttons, so every choice is a click.

import { api, GameSocket, gameIdFromPath, tokenFromFragment } from "./api.js";
import { choice, h, markdown, refocus } from "./dom.js";
import { loadRenderer } from "./games.js";
import { finalTable, seatBadge, seatName } from "./seats.js";

const gameId = gameIdFromPath();
const token = tokenFromFragment();
const $ = (id) => document.getElementById(id);

let renderer = null;
let message = null;
let previousView = null;
let pending = false;
let socket = null;
let clockTimer = null;
let endShown = false;

async function start() {
  const [catalog, first] = await Promise.all([api("/api/catalog"), api(`/api/games/${encodeURIComponent(gameId)}`, { token })]);
  const entry = catalog.games.find((game) => game.name === first.game);
  document.title = `${entry.title} · holesome`;
  $("title").textContent = entry.title;
  $("rules-text").append(markdown(entry.rules));
  renderer = await loadRenderer(first.game);
  show(first);
  socket = new GameSocket(gameId, token, { onGame: show, onError: notice, onStatus: connection });
  $("end-close").addEventListener("click", () => $("end").close());
}

function connection(status) {
  const labels = { live: "● live", reconnecting: "○ reconnecting…", refused: "✕ refused" };
  $("connection").textContent = labels[status] ?? status;
  $("connection").dataset.status = status;
}

function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  pending = false;
  delete document.body.dataset.pending;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => (box.hidden = true), 6000);
}

function show(next) {
  if (message && next.seq < message.seq) return;
  const focused = document.activeElement?.dataset?.choice;
  if (message && next.seq !== message.seq) previousView = message.view;
  message = next;
  pending = false;
  document.body.dataset.seq = String(next.seq);
  document.body.dataset.status = next.status;
  drawBoard(focused);
  drawPlayers();
  drawEvents();
  tickClocks();
  if (next.outcome && !endShown) showEnd();
}

function mine() {
  return message.seat !== null && message.to_act.includes(message.seat) && message.status === "active";
}

function choose(index) {
  if (pending || !mine()) return;
  pending = true;
  document.body.dataset.pending = "true";
  if (!socket.act(message.legal_actions[index], message.seq)) {
    pending = false;
    notice("Not connected: your move was not sent. Reconnecting…");
  }
}

function drawBoard(focused) {
  const board = $("board");
  board.replaceChildren();
  delete document.body.dataset.pending;
  const legal = message.legal_actions.map((json, index) => ({ json, label: message.legal_labels[index], index }));
  const ctx = { seat: message.seat, players: message.players, legal, choose, previous: previousView, mine: mine() };
  const placed = renderer.draw(board, message.view, ctx) ?? new Set();
  const prompt = $("prompt");
  if (message.status === "waiting") {
    const waiting = message.seats.filter((seat) => !seat.joined).map((seat) => seat.seat + 1);
    prompt.textContent = `Waiting for seat${waiting.length > 1 ? "s" : ""} ${waiting.join(", ")} to join.`;
  } else if (message.outcome) {
    prompt.textContent = "The game is over.";
  } else if (mine()) {
    prompt.textContent = message.prompt;
  } else {
    const names = message.to_act.map((seat) => seatName(message, seat));
    prompt.textContent = names.length ? `Waiting for ${names.join(", ")}.` : "";
  }
  prompt.classList.toggle("yours", mine());
  const choices = $("choices");
  choices.replaceChildren(
    ...legal
      .filter((action) => !placed.has(action.index))
      .map((action) => choice(h("button", { type: "button", class: "action" }, action.label), action.label, () => choose(action.index))),
  );
  refocus(document, focused);
}

function drawPlayers() {
  const list = $("players");
  list.replaceChildren(
    ...message.seats.map((info) => {
      const lines = renderer.seatLines ? renderer.seatLines(message.view, info.seat) : [];
      const acting = message.to_act.includes(info.seat) && message.status === "active";
      return h(
        "li",
        { class: `player${acting ? " acting" : ""}${info.seat === message.seat ? " me" : ""}`, "data-seat": info.seat },
        seatBadge(info.seat),
        h("span", { class: "name" }, seatName(message, info.seat)),
        acting ? h("span", { class: "turn", title: "to act" }, "▶ to act") : null,
        h("span", { class: "clock", "data-clock": info.seat }),
        ...lines.map((line) => h("span", { class: "line" }, line)),
      );
    }),
  );
}

function drawEvents() {
  const lines = renderer.events ? renderer.events(message.view, previousView) : [];
  $("happened").hidden = lines.length === 0;
  $("events").replaceChildren(...lines.map((line) => h("li", {}, line)));
}

function tickClocks() {
  clearInterval(clockTimer);
  const clock = message.clock;
  if (!clock || clock.kind === "none") return;
  const received = performance.now();
  const paint = () => {
    const elapsed = (performance.now() - received) / 1000;
    for (const el of document.querySelectorAll("[data-clock]")) {
      const seat = Number(el.dataset.clock);
      const running = message.to_act.includes(seat) && message.status === "active";
      const left = Math.max(0, (clock.remaining[seat] ?? 0) - (running ? elapsed : 0));
      el.textContent = `time ${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
      el.classList.toggle("low", running && left < 10);
    }
  };
  paint();
  clockTimer = setInterval(paint, 250);
}

function showEnd() {
  endShown = true;
  $("final").replaceChildren(...finalTable(message, message.outcome));
  $("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;
  $("end").showModal();
}

start().catch((error) => {
  $("title").textContent = "Cannot open this game";
  notice(error.message);
});
