// The replay viewer: step forward and back through a finished game, from any seat's side.
// Keys: ← and → step, Home and End jump, Space plays and pauses.

import { api, gameIdFromPath } from "./api.js";
import { choice, h } from "./dom.js";
import { loadRenderer } from "./games.js";
import { finalTable } from "./seats.js";

const gameId = encodeURIComponent(gameIdFromPath());
const $ = (id) => document.getElementById(id);

let index = null;
let renderer = null;
let step = 0;
let shownView = null;
let shownStep = null;
let timer = null;
const views = new Map();

function viewer() {
  return $("viewer").value === "" ? null : Number($("viewer").value);
}

async function viewAt(at) {
  const key = `${viewer()}:${at}`;
  if (!views.has(key)) {
    const seat = viewer() === null ? "" : `?seat=${viewer()}`;
    views.set(key, api(`/api/games/${gameId}/replay/${at}${seat}`).then((answer) => answer.view));
  }
  return views.get(key);
}

async function go(to) {
  step = Math.max(0, Math.min(index.steps.length, to));
  const wanted = step;
  const view = await viewAt(wanted);
  if (wanted !== step) return;
  const previous = shownStep === wanted - 1 ? shownView : null;
  renderer.draw($("board"), view, { seat: viewer(), players: index.players, legal: [], choose: () => {}, previous, mine: false });
  shownView = view;
  shownStep = wanted;
  document.body.dataset.step = String(wanted);
  $("slider").value = String(wanted);
  $("position").textContent = `Step ${wanted} of ${index.steps.length}`;
  const lines = renderer.events ? renderer.events(view, previous) : [];
  $("happened").hidden = lines.length === 0;
  $("events").replaceChildren(...lines.map((line) => h("li", {}, line)));
  for (const item of $("steps").children) item.toggleAttribute("aria-current", Number(item.dataset.step) === wanted);
  $("steps").querySelector("[aria-current]")?.setAttribute("aria-current", "step");
  $("steps").querySelector("[aria-current]")?.scrollIntoView({ block: "nearest" });
  $("back").disabled = $("first").disabled = wanted === 0;
  $("forward").disabled = $("last").disabled = wanted === index.steps.length;
  if (wanted === index.steps.length) pause();
}

function pause() {
  clearInterval(timer);
  timer = null;
  $("play").textContent = "▶ Play";
  $("play").setAttribute("aria-label", "Play");
}

function togglePlay() {
  if (timer) return pause();
  if (step === index.steps.length) go(0);
  timer = setInterval(() => go(step + 1), 700);
  $("play").textContent = "⏸ Pause";
  $("play").setAttribute("aria-label", "Pause");
}

async function start() {
  const [catalog, info] = await Promise.all([api("/api/catalog"), api(`/api/games/${gameId}/replay`)]);
  index = info;
  const entry = catalog.games.find((game) => game.name === info.game);
  $("title").textContent = `Replay: ${entry.title}`;
  document.title = `Replay: ${entry.title} · holesome`;
  renderer = await loadRenderer(info.game);
  for (let seat = 0; seat < info.players; seat += 1) $("viewer").append(h("option", { value: seat }, `Seat ${seat + 1}`));
  $("steps").replaceChildren(
    ...info.steps.map((entry, at) => {
      const who = entry.seat === null ? "chance" : `seat ${entry.seat + 1}`;
      return choice(h("li", { "data-step": at + 1 }, `${who}: ${entry.text}`), `go to step ${at + 1}`, () => go(at + 1));
    }),
  );
  if (info.outcome) $("final").replaceChildren(...finalTable({ seat: null, seats: info.seats }, info.outcome));
  $("slider").max = String(info.steps.length);
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(step - 1));
  $("forward").addEventListener("click", () => go(step + 1));
  $("last").addEventListener("click", () => go(index.steps.length));
  $("play").addEventListener("click", togglePlay);
  $("viewer").addEventListener("change", () => {
    shownStep = null;
    go(step);
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: index.steps.length };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    } else if (event.key === " " && event.target === document.body) {
      event.preventDefault();
      togglePlay();
    }
  });
  await go(0);
}

start().catch((error) => {
  $("notice").textContent = error.message;
  $("notice").hidden = false;
});
