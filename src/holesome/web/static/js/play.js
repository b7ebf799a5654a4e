// The game page: one seat (or a spectator) at one game, live over the WebSocket.
//
// The shell draws what every game shares (prompt, players, clocks, rules, end screen) and hands
// the board to the game's renderer, `games/<name>.js`, which exports
//   draw(target, view, ctx) -> Set of the indices of `ctx.legal` it put on the board
//   seatLines(view, seat) -> strings shown beside each player (scores, cards)   [optional]
//   events(view, previous) -> strings: what happened since the previous view    [optional]
// with ctx = {seat, players, legal: [{json, label, words}], choose(index), previous, mine}.
// `label` is the terminal's notation (boards match pieces by it), `words` what a person reads.
// Legal actions the renderer did not place are offered as buttons, so every choice is a click.
// Prompts, names and the ending come as words with seats left for this page to name.

import { api, GameSocket, gameIdFromPath, tokenFromFragment } from "./api.js";
import { choice, h, markdown, refocus } from "./dom.js";
import { loadRenderer } from "./games.js";
import { remember } from "./mine.js";
import { askWords, finalTable, learnSeats, seatBadge, seatName, seatTitle, seatWords } from "./seats.js";
import { turnCue } from "./cue.js";

const gameId = gameIdFromPath();
const token = tokenFromFragment();
const $ = (id) => document.getElementById(id);

let renderer = null;
let message = null;
let previousView = null;
let pending = false;
/** While a click is on its way: Infinity until it is accepted, then the step count the page waits to see. */
let awaited = null;
let socket = null;
let clockTimer = null;
let endShown = false;
/** Whether a pointer is pressed on the page, and the newest view that came meanwhile. */
let pressed = false;
let held = null;

async function start() {
  const [catalog, first] = await Promise.all([api("/api/catalog"), api(`/api/games/${encodeURIComponent(gameId)}`, { token })]);
  const entry = catalog.games.find((game) => game.name === first.game);
  document.title = `${entry.title} · holesome`;
  $("title").textContent = entry.title;
  $("rules-text").append(markdown(entry.rules));
  renderer = await loadRenderer(first.game);
  $("role").hidden = first.seat !== null;
  show(first);
  socket = new GameSocket(gameId, token, { onGame: show, onAccepted: accepted, onError: notice, onStatus: connection });
  $("end-close").addEventListener("click", () => $("end").close());
  $("rematch").addEventListener("click", rematch);
  $("naming").addEventListener("submit", (event) => {
    event.preventDefault();
    saveName($("my-name").value);
  });
  document.addEventListener("click", explain);
  document.addEventListener("pointerdown", press, true);
  for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, release, true);
  cue.setup($("mute"));
  if (first.seat !== null && !first.seats[first.seat].name) {
    const stored = localStorage.getItem(NAME_KEY);
    if (stored) saveName(stored);
    else $("naming").hidden = false;
  }
}

const NAME_KEY = "holesome.name";
const cue = turnCue();

/** Give this seat a display name (remembered by this browser for the next games). */
async function saveName(text) {
  try {
    const answer = await api(`/api/games/${encodeURIComponent(gameId)}/name`, { method: "PUT", body: { name: text }, token });
    localStorage.setItem(NAME_KEY, answer.name);
    $("naming").hidden = true;
  } catch (problem) {
    $("naming").hidden = false;
    notice(`That name was not taken: ${problem.message}`);
  }
}

/** A tap on something that explains itself (a card's title) shows the explanation, on phones too. */
function explain(event) {
  if (event.target.closest("[data-choice], button, a, input, select, summary")) return;
  const holder = event.target.closest("[title], svg g, svg rect, svg circle, svg polygon, svg path");
  const svgTitle = holder?.querySelector(":scope > title");
  const text = holder?.getAttribute("title") || svgTitle?.textContent;
  const box = $("explain");
  box.hidden = !text;
  if (text) box.textContent = text;
}

/** Ask for the rematch (or take our seat in the one another player asked for), then go to it. */
async function rematch() {
  $("rematch").disabled = true;
  try {
    const joined = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { method: "POST", token });
    remember({ url: joined.url, game: message.game, id: joined.id, seat: joined.seat });
    location.assign(joined.url);
  } catch (problem) {
    $("rematch-error").textContent = problem.message;
    $("rematch-error").hidden = false;
    $("rematch").disabled = false;
  }
}

function connection(status, resent = false) {
  if (status === "live" && pending && !resent) settle(); // a click lost with the connection may be made again
  if (status === "refused" && pending) settle();
  const labels = { live: "● live", reconnecting: "○ reconnecting…", refused: "✕ refused" };
  $("connection").textContent = labels[status] ?? status;
  $("connection").dataset.status = status;
}

function notice(text) {
  document.body.dataset.refusals = String(Number(document.body.dataset.refusals ?? 0) + 1);
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  settle();
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => (box.hidden = true), 6000);
}

/**
 * A view that arrives while a pointer is pressed waits until the press is over: redrawing the
 * board between press and release would put the release on a new element, and the browser then
 * clicks neither, so the player's click would be lost.
 */
function press() {
  pressed = true;
  clearTimeout(press.timer);
  press.timer = setTimeout(release, 3000); // a press whose release the page never hears
}

function release() {
  clearTimeout(press.timer);
  pressed = false;
  setTimeout(() => {
    if (pressed || held === null) return;
    const next = held;
    held = null;
    delete document.body.dataset.held;
    show(next);
  }, 0); // after the click this release ends
}

function show(next) {
  if (message && next.seq < message.seq) return;
  if (pressed && message) {
    if (held === null || next.seq >= held.seq) held = next;
    document.body.dataset.held = String(held.seq);
    return;
  }
  const focused = document.activeElement?.dataset?.choice;
  if (message && next.seq !== message.seq) previousView = message.view;
  const wasMine = message !== null && mine();
  message = next;
  learnSeats(next);
  if (awaited !== null && awaited !== Infinity && next.seq >= awaited) settle();
  document.body.dataset.seq = String(next.seq);
  document.body.dataset.status = next.status;
  drawBoard(focused);
  drawPlayers();
  drawEvents();
  tickClocks();
  cue.turn(mine(), wasMine, document.title.replace(/^● Your turn · /, ""));
  if (mine()) targetInView();
  if (next.outcome && !endShown) showEnd();
  else if (next.outcome) drawEnd();
}

/** Bring what the prompt asks for on screen, if none of it is. */
function targetInView() {
  const targets = [...document.querySelectorAll("main [data-choice]")];
  const inside = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  };
  if (targets.length && !targets.some(inside)) targets[0].scrollIntoView({ block: "center", inline: "nearest" });
}

/** The click's answer: the step count after it; the page takes clicks again once it shows that step. */
function accepted(seq) {
  awaited = seq;
  if (message.seq >= seq) settle();
}

/** No click on its way any more (it was shown, or refused). */
function settle() {
  pending = false;
  awaited = null;
  delete document.body.dataset.pending;
}

function mine() {
  return message.seat !== null && message.to_act.includes(message.seat) && message.status === "active";
}

function choose(index) {
  if (pending || !mine()) return;
  pending = true;
  awaited = Infinity;
  document.body.dataset.pending = "true";
  if (!socket.act(message.legal_actions[index], message.seq)) {
    pending = false;
    notice("This page's connection was refused: your move was not sent.");
  }
}

function drawBoard(focused) {
  const board = $("board");
  board.replaceChildren();
  if (!pending) delete document.body.dataset.pending;
  const legal = message.legal_actions.map((json, index) => ({ json, label: message.legal_labels[index], words: message.legal_words[index], index }));
  const ctx = { seat: message.seat, players: message.players, legal, choose, previous: previousView, mine: mine() };
  const placed = renderer.draw(board, message.view, ctx) ?? new Set();
  const prompt = $("prompt");
  if (message.status === "waiting") {
    const waiting = message.seats.filter((seat) => !seat.joined).map((seat) => seatWords(seat.seat));
    prompt.textContent = `Waiting for ${waiting.join(", ")} to join.`;
  } else if (message.outcome) {
    prompt.textContent = `The game is over. ${askWords(message.ending)}.`;
  } else if (mine()) {
    prompt.textContent = askWords(message.ask);
  } else {
    const names = message.to_act.filter((seat) => seat !== message.seat).map((seat) => seatWords(seat));
    const also = message.seat !== null && message.to_act.includes(message.seat) ? " (your choice is in)" : "";
    prompt.textContent = names.length ? `Waiting for ${names.join(", ")}${also}.` : "";
  }
  prompt.classList.toggle("yours", mine());
  const choices = $("choices");
  choices.replaceChildren(
    ...legal
      .filter((action) => !placed.has(action.index))
      .map((action) => choice(h("button", { type: "button", class: "action" }, capital(action.words)), action.words, () => choose(action.index))),
  );
  refocus(document, focused);
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
  drawEnd();
  $("end").showModal();
}

/** The end panel: who won and why, the scores, Rematch (or the rematch to watch) and Replay. */
function drawEnd() {
  const winners = message.outcome.winners;
  const title = winners.length === 1 ? `${seatTitle(winners[0])} won` : winners.length === message.players ? "A draw" : "A shared win";
  $("end-title").textContent = winners.length === 1 && winners[0] === message.seat ? "You won!" : title;
  $("ending").textContent = `${askWords(message.ending)}.`;
  $("final").replaceChildren(...finalTable(message, message.outcome));
  $("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;
  const player = message.seat !== null;
  $("rematch").hidden = !player;
  $("rematch").textContent = message.rematch ? "Join the rematch" : "Rematch";
  $("rematch-watch").hidden = player || !message.rematch;
  if (message.rematch) $("rematch-watch").href = `/play/${encodeURIComponent(message.rematch)}`;
}

start().catch((error) => {
  $("title").textContent = "Cannot open this game";
  notice(error.message);
});
