// Donut Dilemma: the ring of five bakeries (SVG), your secret submission built one step at a time
// (click a bakery to move; a number chip for the Plain count; special donut cards, a Rainbow's
// number as tens then units, a Coffee's bakery on the ring; then "no more specials"), and the
// host's announcements: round and bakery totals for everyone, your score and placement for you.
// After each step the keyboard focus moves to the next step's first choice.

import { seatTitle } from "../seats.js";
import { choice, h, s, svgRoot } from "../dom.js";

const SHAPES = ["●", "▲", "■", "◆", "★", "⬟", "✚", "⬢", "▼", "✖"];
const RING = { cx: 210, cy: 206, r: 135, bakery: 46 }; // room above the top bakery for "★ you are here"
const NAMES = { glazed: "Glazed", rainbow: "Rainbow Sprinkles", strawberry: "Strawberry", coffee: "Coffee", jelly: "Jelly" };
const ICONS = { glazed: "◯", rainbow: "✺", strawberry: "♥", coffee: "☕", jelly: "◉" };
const TENS = 10;

/** A special donut picked but not yet finished (Rainbow: its tens so far; Coffee: its bakery to come). */
let partial = null;

function mark(seat) {
  return `${SHAPES[seat % SHAPES.length]}${seat + 1}`;
}

function who(view, seat) {
  return seat === view.seat ? "You" : seatTitle(seat);
}

/** What a special scores, in the numbers this printing uses. */
function effect(kind, numbers) {
  return {
    glazed: `${numbers.glazed_points} point each, and your Plain score whatever the total`,
    rainbow: "scores its number if that is exactly the round total",
    strawberry: `${numbers.strawberry_points_per_baker} × the players in your bakery, if its total is exactly ${numbers.bakery_limit}`,
    coffee: `${numbers.coffee_points_per_baker} × the players who end in the bakery you bake it at`,
    jelly: `no points; one more special next round`,
  }[kind];
}

/** The stage of this seat's submission: "move", "plain", "special" or null (nothing to do). */
function stage(view, ctx) {
  const submission = view.me?.submission;
  if (!ctx.mine || !submission || submission.done) return null;
  if (submission.move === null) return "move";
  if (submission.plain === null) return "plain";
  return "special";
}

/** The legal actions by what they are: moves by bakery, plain counts, specials, done, skip. */
function sortLegal(ctx) {
  const sorted = { move: new Map(), plain: new Map(), rainbow: new Map(), coffee: new Map(), simple: new Map(), done: null, skip: null };
  if (!ctx.mine) return sorted;
  for (const action of ctx.legal) {
    const { json } = action;
    if (json.type === "move") sorted.move.set(json.to, action);
    else if (json.type === "plain") sorted.plain.set(json.count, action);
    else if (json.type === "done") sorted.done = action;
    else if (json.type === "skip") sorted.skip = action;
    else if (json.donut === "rainbow") sorted.rainbow.set(json.number, action);
    else if (json.donut === "coffee") sorted.coffee.set(json.at, action);
    else sorted.simple.set(json.donut, action);
  }
  return sorted;
}

export function draw(target, view, ctx) {
  const legal = sortLegal(ctx);
  const step = stage(view, ctx);
  const key = `${view.round}:${view.me?.submission?.specials.length}`;
  if (step !== "special" || partial?.key !== key) partial = null;
  const placed = new Set();
  const redraw = (next) => {
    partial = next === null ? null : { ...next, key };
    draw(target, view, { ...ctx, previous: null });
  };
  const place = (el, label, action) => {
    placed.add(action.index);
    el.classList.add("offered");
    return choice(el, label, () => {
      partial = null;
      ctx.choose(action.index);
    });
  };
  const root = h("div", { class: "donut-dilemma" });
  root.append(statusLine(view));
  root.append(ring(view, step, legal, place));
  if (view.me && !view.final) root.append(submissionPanel(view, step, legal, place, redraw, placed));
  if (view.final) root.append(finalPanel(view));
  if (view.last) root.append(announcementPanel(view));
  if (view.announcements.length) root.append(historyTable(view));
  target.replaceChildren(root);
  if (ctx.mine && document.activeElement === document.body) {
    target.querySelector(".dd-focus-first [data-choice], .dd-focus-first[data-choice]")?.focus({ preventScroll: true });
  }
  return placed;
}

function statusLine(view) {
  const waiting = view.to_act.length;
  const text = view.final
    ? `All ${view.rounds} round${view.rounds === 1 ? "" : "s"} played: every final score and bakery is announced.`
    : `Round ${view.round} of ${view.rounds} · ${view.players - waiting} of ${view.players} submissions in`;
  return h("p", { class: "dd-status" }, h("strong", {}, text));
}

function bakeryAt(index) {
  const angle = (-90 + 72 * index) * (Math.PI / 180);
  return { x: RING.cx + RING.r * Math.cos(angle), y: RING.cy + RING.r * Math.sin(angle) };
}

/** The ring: last round's totals on every bakery, your bakery marked; a bakery is a choice when it may be one. */
function ring(view, step, legal, place) {
  const bakeries = view.table.bakeries;
  const at = new Map(bakeries.map((bakery, index) => [bakery.letter, bakeryAt(index)]));
  const svg = svgRoot(420, 400, "The ring of bakeries");
  svg.classList.add("dd-ring");
  if (step === "move" || partial?.donut === "coffee") svg.classList.add("dd-focus-first");
  for (const bakery of bakeries) {
    for (const other of bakery.neighbours) {
      if (other > bakery.letter) {
        const a = at.get(bakery.letter);
        const b = at.get(other);
        svg.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "dd-link" }));
      }
    }
  }
  const limit = view.table.numbers.bakery_limit;
  const me = view.me;
  const finals = view.final ? view.final.bakeries : null;
  const coffee = partial?.donut === "coffee";
  for (const bakery of bakeries) {
    const { x, y } = at.get(bakery.letter);
    const here = me && (view.final ? me.bakery : me.submission?.move ?? me.bakery) === bakery.letter;
    const group = s("g", { class: `dd-bakery bk-${bakery.letter}${here ? " here" : ""}`, "data-bakery": bakery.letter });
    group.append(s("circle", { cx: x, cy: y, r: RING.bakery, class: "house" }));
    group.append(s("text", { x, y: y + 4, class: "letter" }, bakery.letter));
    if (view.last) {
      const total = view.last.bakeries[bakery.letter];
      group.append(s("text", { x, y: y + 26, class: `total${total > limit ? " over" : ""}` }, `${total}${total > limit ? ` > ${limit}` : ""}`));
    }
    if (here) group.append(s("text", { x, y: y - RING.bakery - 8, class: "you" }, me.submission?.move ? "★ you bake here" : "★ you are here"));
    if (finals) {
      const seats = finals.map((letter, seat) => (letter === bakery.letter ? mark(seat) : null)).filter(Boolean);
      group.append(s("text", { x, y: y + RING.bakery + 20, class: "occupants" }, seats.join(" ") || "nobody"));
    }
    const move = step === "move" ? legal.move.get(bakery.letter) : null;
    const brew = coffee ? legal.coffee.get(bakery.letter) : null;
    if (move) place(group, bakery.letter === me.bakery ? `stay in ${bakery.letter}` : `move to ${bakery.letter}`, move);
    else if (brew) place(group, `Coffee baked at ${bakery.letter}`, brew);
    else if (step === "move" || coffee) group.classList.add("unavailable");
    svg.append(group);
  }
  const caption = view.last ? `bakery totals of round ${view.last.round} (round total ${view.last.total})` : "no round announced yet";
  svg.append(s("text", { x: RING.cx, y: RING.cy + 4, class: "dd-caption" }, caption.split(" (")[0]));
  if (view.last) svg.append(s("text", { x: RING.cx, y: RING.cy + 24, class: "dd-caption" }, `round total ${view.last.total}`));
  return svg;
}

/** Your secret order so far and the controls of its next step. */
function submissionPanel(view, step, legal, place, redraw, placed) {
  const me = view.me;
  const numbers = view.table.numbers;
  const sub = me.submission;
  const panel = h("section", { class: "dd-order", "aria-label": "Your submission (secret)" });
  panel.append(
    h("h3", {}, `Your submission for round ${view.round} (only you see it)`),
    h(
      "ol",
      { class: "dd-steps" },
      h("li", { class: step === "move" ? "now" : "" }, `Move: ${sub.move ? (sub.move === me.bakery ? `stay in ${sub.move}` : `to ${sub.move}`) : `from ${me.bakery}${step === "move" ? " — click a highlighted bakery" : ""}`}`),
      h("li", { class: step === "plain" ? "now" : "" }, `Plain donuts: ${sub.plain ?? "…"}`),
      h("li", { class: step === "special" ? "now" : "" }, `Specials (${sub.specials.length} of ${me.allowance}): ${sub.specials.map((sp) => specialText(sp)).join(", ") || "…"}`),
    ),
    h("p", { class: "dd-means" }, `Garnets: ${me.garnets} · allowance ${me.allowance} special${me.allowance === 1 ? "" : "s"} · score ${me.score}${me.placement ? ` · placement ${me.placement} of ${view.players}` : ""}`),
    h("p", { class: "dd-partners" }, startedWith(view)),
  );
  if (sub.done) panel.append(h("p", { class: "dd-wait" }, "Submitted: waiting for the others."));
  if (legal.skip) panel.append(place(h("button", { type: "button", class: "dd-skip" }, "Skip this round: stay and bake nothing"), "skip this round (stay and bake nothing)", legal.skip));
  if (step === "plain") panel.append(plainChips(legal, numbers, place));
  if (step === "special") panel.append(specialsPicker(view, legal, place, redraw, placed));
  return panel;
}

/** Who started the game in your bakery: the rulebook says every player knows. */
function startedWith(view) {
  const partners = view.me.partners.map((seat) => who(view, seat));
  const names = partners.length > 1 ? `${partners.slice(0, -1).join(", ")} and ${partners.at(-1)}` : partners[0];
  return `You started the game in bakery ${view.me.start}${names ? ` with ${names}` : " alone"}.`;
}

function specialText(special) {
  if (special.donut === "rainbow") return `Rainbow ${special.number}`;
  if (special.donut === "coffee") return `Coffee at ${special.at}`;
  return NAMES[special.donut];
}

function plainChips(legal, numbers, place) {
  const row = h("div", { class: "dd-chips dd-focus-first", role: "group", "aria-label": "How many Plain donuts" });
  for (const [count, action] of [...legal.plain.entries()].sort((a, b) => a[0] - b[0])) {
    const garnets = count - numbers.plain_max;
    const label = garnets > 0 ? `${count} Plain (spends ${garnets} garnet${garnets === 1 ? "" : "s"})` : `${count} Plain`;
    row.append(place(h("span", { class: `dd-chip${garnets > 0 ? " garnet" : ""}` }, String(count), garnets > 0 ? h("small", {}, ` +${garnets}◆`) : null), label, action));
  }
  return h("div", {}, h("p", { class: "dd-help" }, `Plain score 1 each if your bakery's total is ${numbers.bakery_limit} or less (or you bake a Glazed). ◆ spends garnets.`), row);
}

/** The specials: a card per kind; a Rainbow asks its number (tens, then units), a Coffee its bakery. */
function specialsPicker(view, legal, place, redraw, placed) {
  const numbers = view.table.numbers;
  const box = h("div", { class: "dd-specials" });
  const cards = h("div", { class: `dd-cards${partial ? "" : " dd-focus-first"}`, role: "group", "aria-label": "Special donuts" });
  for (const kind of Object.keys(NAMES)) {
    const card = h("div", { class: `dd-card ${kind}${partial?.donut === kind ? " selected" : ""}` }, h("span", { class: "icon", "aria-hidden": "true" }, ICONS[kind]), h("strong", {}, NAMES[kind]), h("small", {}, effect(kind, numbers)));
    const simple = legal.simple.get(kind);
    const many = kind === "rainbow" ? legal.rainbow : kind === "coffee" ? legal.coffee : null;
    if (simple) cards.append(place(card, `bake a ${NAMES[kind]}`, simple));
    else if (many?.size) {
      for (const action of many.values()) placed.add(action.index);
      card.classList.add("offered");
      const label = kind === "rainbow" ? "bake a Rainbow Sprinkles (then its number)" : "bake a Coffee (then its bakery)";
      cards.append(choice(card, label, () => redraw(partial?.donut === kind ? null : { donut: kind, tens: null })));
    } else cards.append(card);
  }
  if (legal.done) cards.append(place(h("div", { class: "dd-card done" }, h("span", { class: "icon", "aria-hidden": "true" }, "✓"), h("strong", {}, "No more specials"), h("small", {}, "finish your submission")), "no more specials (done)", legal.done));
  box.append(cards);
  if (partial?.donut === "coffee") box.append(h("p", { class: "dd-help dd-next" }, "Coffee: click the bakery on the ring where you bake it."));
  if (partial?.donut === "rainbow") box.append(rainbowPicker(view, legal, place, redraw));
  return box;
}

function rainbowPicker(view, legal, place, redraw) {
  const max = Math.max(...legal.rainbow.keys());
  const history = view.announcements.map((a) => a.total).join(", ");
  const picker = h("div", { class: "dd-rainbow dd-focus-first" }, h("p", { class: "dd-help" }, `Rainbow Sprinkles: declare the round total you expect (0-${max})${history ? `; totals so far: ${history}` : ""}.`));
  const tens = h("div", { class: "dd-chips", role: "group", "aria-label": "Tens" });
  for (let ten = 0; ten * TENS <= max; ten += 1) {
    const top = Math.min(max, ten * TENS + TENS - 1);
    const chip = h("span", { class: `dd-chip${partial.tens === ten ? " selected" : ""}` }, `${ten * TENS}–${top}`);
    tens.append(choice(chip, `Rainbow ${ten * TENS} to ${top}`, () => redraw({ donut: "rainbow", tens: ten })));
  }
  picker.append(tens);
  if (partial.tens !== null) {
    const units = h("div", { class: "dd-chips units", role: "group", "aria-label": "Declare" });
    for (let number = partial.tens * TENS; number < (partial.tens + 1) * TENS; number += 1) {
      const action = legal.rainbow.get(number);
      if (action) units.append(place(h("span", { class: "dd-chip" }, String(number)), `declare ${number}`, action));
    }
    picker.classList.remove("dd-focus-first");
    units.classList.add("dd-focus-first");
    picker.append(units);
  }
  return picker;
}

/** The host's last announcement: public totals, then what only you hear. */
function announcementPanel(view) {
  const last = view.last;
  const limit = view.table.numbers.bakery_limit;
  const totals = Object.entries(last.bakeries).map(([letter, total]) => h("li", { class: total > limit ? "over" : "" }, h("strong", {}, letter), ` ${total}`));
  const panel = h(
    "section",
    { class: "dd-announce", "aria-label": `Round ${last.round} announced` },
    h("h3", {}, `Round ${last.round} announced`),
    h("p", { class: "dd-public" }, "To everyone: round total ", h("strong", { class: "dd-total" }, String(last.total)), "; bakery totals:"),
    h("ul", { class: "dd-totals" }, totals),
  );
  const mine = view.me?.rounds.find((round) => round.round === last.round);
  if (mine) {
    panel.append(
      h(
        "p",
        { class: "dd-private" },
        h("span", { class: "dd-only" }, "Only to you: "),
        `+${mine.points} this round; score `,
        h("strong", {}, String(mine.score)),
        ", placement ",
        h("strong", {}, `${mine.placement} of ${view.players}`),
        ".",
      ),
    );
  }
  return panel;
}

/** Every round's announcements, with your own results beside them. */
function historyTable(view) {
  const letters = view.table.bakeries.map((bakery) => bakery.letter);
  const private_ = view.me !== null;
  const head = h("tr", {}, h("th", {}, "Round"), h("th", {}, "Total"), letters.map((letter) => h("th", {}, letter)), private_ ? [h("th", {}, "You baked"), h("th", {}, "Points"), h("th", {}, "Score"), h("th", {}, "Place")] : []);
  const rows = view.announcements.map((announced) => {
    const mine = view.me?.rounds.find((round) => round.round === announced.round);
    const baked = mine ? `${mine.submission.move ?? "-"}: ${mine.submission.plain ?? 0} plain${mine.submission.specials.map((sp) => `, ${specialText(sp)}`).join("")}` : "";
    return h("tr", {}, h("td", {}, String(announced.round)), h("td", {}, String(announced.total)), letters.map((letter) => h("td", {}, String(announced.bakeries[letter]))), mine ? [h("td", {}, baked), h("td", {}, String(mine.points)), h("td", {}, String(mine.score)), h("td", {}, String(mine.placement))] : []);
  });
  return h("details", { class: "dd-history", open: true }, h("summary", {}, "Announcements so far"), h("div", { class: "dd-scroll" }, h("table", {}, head, rows)));
}

/** The end: every final score and bakery, the winners, the elimination candidates, the garnets. */
function finalPanel(view) {
  const details = view.outcome?.details ?? {};
  const rows = view.final.scores.map((score, seat) =>
    h(
      "tr",
      { class: view.outcome?.winners.includes(seat) ? "winner" : "" },
      h("td", {}, `${mark(seat)} ${who(view, seat)}`),
      h("td", {}, String(score)),
      h("td", {}, view.final.bakeries[seat]),
      h("td", {}, view.outcome?.winners.includes(seat) ? "★ winner" : details.elimination_candidates?.includes(seat) ? "elimination candidate" : ""),
      h("td", {}, String(details.garnet_awards?.[seat] ?? 0)),
    ),
  );
  const bonus = details.prize_pool_bonus ? "Every Plain donut of the first rounds scored: the prize pool grows." : "Not every early Plain donut scored: no prize-pool bonus.";
  return h(
    "section",
    { class: "dd-final", "aria-label": "Final announcement" },
    h("h3", {}, "Final announcement"),
    h("div", { class: "dd-scroll" }, h("table", {}, h("tr", {}, ["Player", "Score", "Bakery", "", "Garnets won"].map((text) => h("th", {}, text))), rows)),
    h("p", {}, bonus),
  );
}

export function seatLines(view, seat) {
  if (view.final) return [`final score ${view.final.scores[seat]} · bakery ${view.final.bakeries[seat]}`];
  const lines = [view.to_act.includes(seat) ? "submitting…" : "submitted ✓"];
  if (seat === view.seat && view.me) {
    lines.push(`in bakery ${view.me.bakery} · score ${view.me.score}${view.me.placement ? ` · placement ${view.me.placement}` : ""}`);
  }
  if (view.me?.partners.includes(seat)) lines.push(`started with you in bakery ${view.me.start}`);
  return lines;
}

/** The announcements since the previous view (at least the latest: it is what your last move led to), then who has submitted. */
export function events(view, previous) {
  const lines = [];
  const count = view.announcements.length;
  const known = previous?.game === view.game ? Math.min(previous.announcements.length, count - 1) : count - 1;
  for (const announced of view.announcements.slice(Math.max(0, known))) {
    const totals = Object.entries(announced.bakeries).map(([letter, total]) => `${letter} ${total}`).join(", ");
    lines.push(`Round ${announced.round}: round total ${announced.total}; bakeries ${totals}.`);
    const mine = view.me?.rounds.find((round) => round.round === announced.round);
    if (mine) lines.push(`You: +${mine.points} points, score ${mine.score}, placement ${mine.placement} of ${view.players}.`);
  }
  if (!view.final) {
    const done = [...Array(view.players).keys()].filter((seat) => !view.to_act.includes(seat));
    lines.push(`Submitted for round ${view.round}: ${done.map((seat) => who(view, seat)).join(", ") || "nobody yet"}.`);
  }
  if (view.final) lines.push("The final scores and bakeries are announced.");
  return lines;
}
