// How seats are named and told apart: a label and a shape per seat, never colour alone.

const SHAPES = ["●", "▲", "■", "◆", "★", "⬟", "✚", "⬢", "▼", "✖"];

/** A seat's badge: its number inside a shape of its own. */
export function seatBadge(seat) {
  const badge = document.createElement("span");
  badge.className = `badge seat-${seat % SHAPES.length}`;
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = `${SHAPES[seat % SHAPES.length]}${seat + 1}`;
  return badge;
}

/** "You", "Seat 2", "Seat 3 (bot: greedy)"; a seat that has not joined says so. */
export function seatName(message, seat) {
  const info = message.seats[seat];
  if (seat === message.seat) return `You (seat ${seat + 1})`;
  if (info.kind === "bot") return `Seat ${seat + 1} (bot: ${info.bot})`;
  return `Seat ${seat + 1}${info.joined ? "" : " (not joined)"}`;
}

/** The end screen's rows: every seat's final score, winners marked in words. */
export function finalTable(message, outcome) {
  const row = (cells, tag) => {
    const tr = document.createElement("tr");
    for (const text of cells) {
      const cell = document.createElement(tag);
      cell.textContent = text;
      tr.append(cell);
    }
    return tr;
  };
  const rows = [row(["Player", "Score", ""], "th")];
  const shared = outcome.winners.length > 1 ? (outcome.winners.length === outcome.scores.length ? "draw" : "shared win") : "winner";
  outcome.scores.forEach((score, seat) => {
    const won = outcome.winners.includes(seat);
    const tr = row([seatName(message, seat), String(score), won ? `★ ${shared}` : ""], "td");
    if (won) tr.className = "winner";
    rows.push(tr);
  });
  return rows;
}
