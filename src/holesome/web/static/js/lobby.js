// Home and lobby: choose a game and its seats, create it, hand out the invitations; join,
// watch or replay other people's games. Seats this browser created or joined are remembered
// locally ("Your games"), so a closed tab is never a lost seat.

import { api } from "./api.js";
import { choice, h } from "./dom.js";
import { remember, remembered } from "./mine.js";
import { seatWords } from "./seats.js";

const $ = (id) => document.getElementById(id);
const YOU = "you";
const NAME_KEY = "holesome.name";
const FRIEND = "friend";
const ANYONE = "anyone";

let catalog = null;
let game = null;

function title(name) {
  return catalog.games.find((entry) => entry.name === name)?.title ?? name;
}

function drawGames() {
  $("games").replaceChildren(
    ...catalog.games.map((entry) => {
      const counts = entry.player_counts.length > 1 ? `${entry.player_counts[0]}–${entry.player_counts.at(-1)} players` : `${entry.player_counts[0]} players`;
      const card = h(
        "div",
        { class: "game-card", "data-game": entry.name, "aria-pressed": String(game?.name === entry.name) },
        h("img", { src: `/static/img/${entry.name}.svg`, alt: "" }),
        h("h3", {}, entry.title),
        h("p", { class: "help" }, counts),
        h("p", {}, entry.blurb),
      );
      return h("li", {}, choice(card, `Set up ${entry.title}`, () => pick(entry)));
    }),
  );
}

function pick(entry) {
  game = entry;
  drawGames();
  $("setup").hidden = false;
  $("created").hidden = true;
  $("setup-title").textContent = `Set up ${entry.title}`;
  $("players").replaceChildren(
    ...entry.player_counts.map((count) => h("option", { value: count, selected: count === entry.default_players }, String(count))),
  );
  drawSeats();
  drawOptions();
  $("setup").scrollIntoView({ behavior: "smooth", block: "start" });
  $("players").focus();
}

function drawSeats() {
  const count = Number($("players").value);
  const previous = [...document.querySelectorAll("#seats select")].map((select) => select.value);
  $("seats").replaceChildren(
    ...Array.from({ length: count }, (_, seat) => {
      const id = `seat-${seat}`;
      const fallback = seat === 0 ? YOU : game.default_bot ?? game.bots[0].bot;
      const value = previous[seat] ?? fallback;
      return h(
        "div",
        { class: "field" },
        h("label", { for: id }, `Seat ${seat + 1}`),
        h(
          "select",
          { id, "data-seat": seat },
          h("option", { value: YOU, selected: value === YOU }, "You"),
          h("option", { value: FRIEND, selected: value === FRIEND }, "A friend (invitation link)"),
          h("option", { value: ANYONE, selected: value === ANYONE }, "Anyone from the lobby (public games)"),
          ...game.bots.map((level) => h("option", { value: level.bot, selected: value === level.bot }, `Bot: ${level.label}`)),
        ),
      );
    }),
  );
}

function drawOptions() {
  $("options-box").hidden = game.options.length === 0;
  $("options").replaceChildren(
    ...game.options.map((option) => {
      const id = `option-${option.name}`;
      let input;
      if (option.choices.length) {
        input = h("select", { id, "data-option": option.name }, ...option.choices.map((value) => h("option", { value: JSON.stringify(value), selected: value === option.default }, String(value))));
      } else if (option.kind === "int") {
        input = h("input", { id, type: "number", min: option.minimum ?? undefined, value: option.default, "data-option": option.name });
      } else {
        const text = option.kind === "list" ? JSON.stringify(option.default) : option.default;
        input = h("input", { id, type: "text", value: text, "data-option": option.name });
      }
      return h("div", { class: "field" }, h("label", { for: id }, option.label), input, h("span", { class: "help" }, option.help));
    }),
  );
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const spec = game.options.find((option) => option.name === input.dataset.option);
    let value;
    if (spec.choices.length) value = JSON.parse(input.value);
    else if (spec.kind === "int") value = Number(input.value);
    else if (spec.kind === "list") {
      try {
        value = JSON.parse(input.value);
      } catch {
        throw new Error(`option ${spec.name} must be a JSON list, like ${JSON.stringify(spec.default)}`);
      }
    } else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) options[spec.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  error.hidden = true;
  const seatChoices = [...document.querySelectorAll("#seats select")].map((select) => select.value);
  const name = $("my-name").value.trim();
  if (name) localStorage.setItem(NAME_KEY, name);
  const you = name ? { kind: "human", name } : { kind: "human" };
  try {
    const body = {
      game: game.name,
      players: Number($("players").value),
      options: readOptions(),
      // Your seat and a friend's are kept for their links: a stranger joining from the lobby takes only "anyone" seats.
      seats: seatChoices.map((value) =>
        value === YOU
          ? { ...you, lobby: false }
          : value === FRIEND
            ? { kind: "human", lobby: false }
            : value === ANYONE
              ? { kind: "human" }
              : { kind: "bot", bot: value },
      ),
      clock: $("clock-kind").value === "none" ? { kind: "none" } : { kind: $("clock-kind").value, seconds: Number($("clock-seconds").value) },
      public: $("public").checked,
    };
    $("create").disabled = true;
    const created = await api("/api/games", { method: "POST", body });
    const humans = seatChoices.filter((value) => value === YOU || value === FRIEND);
    if (humans.length === 1 && humans[0] === YOU) {
      const mine = created.seats.find((seat) => seat.url);
      remember({ url: mine.url, game: game.name, id: created.id, seat: mine.seat });
      location.assign(mine.url);
      return;
    }
    showInvites(created, seatChoices);
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
  } finally {
    $("create").disabled = false;
  }
}

function showInvites(created, seatChoices) {
  const items = [];
  for (const seat of created.seats) {
    if (!seat.url) continue;
    if (seatChoices[seat.seat] === YOU) {
      remember({ url: seat.url, game: game.name, id: created.id, seat: seat.seat });
      items.push(h("li", {}, h("a", { href: seat.url, class: "play-link", "data-seat": seat.seat }, `Play seat ${seat.seat + 1}`)));
    } else {
      const field = h("input", { type: "text", readonly: true, value: seat.url, "aria-label": `Invitation link for seat ${seat.seat + 1}` });
      const copy = h("button", { type: "button", class: "secondary" }, "Copy");
      copy.addEventListener("click", async () => {
        field.select();
        await navigator.clipboard?.writeText(seat.url).catch(() => {});
        copy.textContent = "Copied";
      });
      const who = seatChoices[seat.seat] === ANYONE ? "anyone" : "friend";
      items.push(h("li", {}, h("span", {}, `Seat ${seat.seat + 1} (${who}):`), field, copy));
    }
  }
  items.push(h("li", {}, h("a", { href: created.spectator_url }, "Link for spectators")));
  $("invites").replaceChildren(...items);
  $("setup").hidden = true;
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth" });
  ($("invites").querySelector("a.play-link") ?? $("invites").querySelector("input"))?.focus();
  drawMine();
}

function drawMine() {
  const seats = remembered();
  $("mine").replaceChildren(
    ...(seats.length
      ? seats.map((seat) => {
          const state = h("span", { class: "state" }, "…");
          describe(seat, state);
          return h("li", { "data-game-id": seat.id }, h("span", {}, `${title(seat.game)} · seat ${seat.seat + 1}`), state, h("a", { href: seat.url }, "Open"));
        })
      : [h("li", { class: "empty" }, "None yet: games you create or join appear here.")]),
  );
}

/** Fill in where one of your games stands: your turn, whose turn, waiting for whom, or who won. */
async function describe(seat, into) {
  const token = new URLSearchParams(new URL(seat.url, location.href).hash.slice(1)).get("token");
  try {
    const message = await api(`/api/games/${encodeURIComponent(seat.id)}`, { token });
    let text;
    if (message.status === "over") {
      const winners = message.outcome?.winners ?? [];
      text = winners.length === 1 ? `Over: ${seatWords(winners[0], message)} won` : "Over: a shared result";
    } else if (message.status === "waiting") {
      const waiting = message.seats.filter((info) => !info.joined).map((info) => seatWords(info.seat, message));
      text = `Waiting for ${waiting.join(", ")} to join`;
    } else if (message.to_act.includes(message.seat)) {
      text = "Your turn";
    } else {
      text = `${message.to_act.map((other) => seatWords(other, message)).join(", ")} to play`;
    }
    into.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    into.dataset.status = message.to_act.includes(message.seat) && message.status === "active" ? "yours" : message.status;
  } catch {
    into.textContent = "No longer on this server";
  }
}

async function drawListing(status, id) {
  const games = await api(`/api/games?status=${status}`).catch(() => []);
  const row = (entry) => {
    const what = `${title(entry.game)} · ${entry.players} players`;
    if (status === "waiting") {
      const join = h("button", { type: "button" }, "Join");
      join.addEventListener("click", async () => {
        try {
          const name = $("my-name").value.trim() || localStorage.getItem(NAME_KEY);
          const body = name ? { name } : undefined;
          const joined = await api(`/api/games/${encodeURIComponent(entry.id)}/join`, { method: "POST", body });
          remember({ url: joined.url, game: entry.game, id: entry.id, seat: joined.seat });
          location.href = joined.url;
        } catch (problem) {
          join.replaceWith(h("span", { class: "notice" }, problem.message));
        }
      });
      const open = entry.open_seats.length;
      return h("li", {}, h("span", {}, `${what} · ${open} open seat${open === 1 ? "" : "s"}`), join);
    }
    const href = status === "active" ? `/play/${encodeURIComponent(entry.id)}` : `/replay/${encodeURIComponent(entry.id)}`;
    return h("li", {}, h("span", {}, `${what} · step ${entry.seq}`), h("a", { href }, status === "active" ? "Watch" : "Replay"));
  };
  const empty = { waiting: "No open games right now.", active: "Nothing running in public.", over: "No finished public games yet." }[status];
  $(id).replaceChildren(...(games.length ? games.map(row) : [h("li", { class: "empty" }, empty)]));
}

async function start() {
  catalog = await api("/api/catalog");
  $("my-name").value = localStorage.getItem(NAME_KEY) ?? "";
  drawGames();
  drawMine();
  $("players").addEventListener("change", drawSeats);
  $("clock-kind").addEventListener("change", () => ($("clock-seconds").disabled = $("clock-kind").value === "none"));
  $("setup").addEventListener("submit", create);
  const refresh = () => Promise.all([drawListing("waiting", "open"), drawListing("active", "live"), drawListing("over", "over")]);
  await refresh();
  setInterval(refresh, 5000);
}

start();
