// How seats are named and told apart: a label and a shape per seat, never colour alone; a
// player's display name once they gave one. Names are always put in the page as text.

const SHAPES = ["●", "▲", "■", "◆", "★", "⬟", "✚", "⬢", "▼", "✖"];

let known = { seat: null, seats: [] };

/** Remember the latest message's seats, so every renderer names seats the same way. */
export function learnSeats(message) {
  known = { seat: message.seat, seats: message.seats ?? [] };
}

/** A seat's badge: its number inside a shape of its own. */
export function seatBadge(seat) {
  const badge = document.createElement("span");
  badge.className = `badge seat-${seat % SHAPES.length}`;
  badge.setAttribute("aria-hidden", "true");
  badge.textContent = `${SHAPES[seat % SHAPES.length]}${seat + 1}`;
  return badge;
}

/** A seat in a sentence: "you", "Ana", "Greedy bot", or "seat 3" before its player gave a name;
 * a name two seats share ("Random bot") says which seat. */
export function seatWords(seat, message = known) {
  if (seat === message.seat) return "you";
  const info = message.seats?.[seat];
  if (!info?.name) return `seat ${seat + 1}`;
  const shared = message.seats.some((other) => other.seat !== seat && other.name === info.name);
  return shared ? `${info.name} (seat ${seat + 1})` : info.name;
}

/** A seat as a heading: "You", "Ana", "Greedy bot", "Seat 3". */
export function seatTitle(seat, message = known) {
  const words = seatWords(seat, message);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The players list's name: "You (Ana, seat 1)", "Bo (seat 2)", "Seat 3 (not joined)". */
export function seatName(message, seat) {
  const info = message.seats[seat];
  const number = `seat ${seat + 1}`;
  if (seat === message.seat) return info.name ? `You (${info.name}, ${number})` : `You (${number})`;
  if (info.name) return `${info.name} (${number})`;
  return `Seat ${seat + 1}${info.joined ? "" : " (not joined)"}`;
}

/** An ask from the server (`{parts: [text or {seat}]}`) as words, seats named. */
export function askWords(ask, message = known) {
  if (!ask) return "";
  const text = ask.parts.map((part) => (typeof part === "string" ? part : seatWords(part.seat, message))).join("");
  return text.charAt(0).toUpperCase() + text.slice(1);
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
