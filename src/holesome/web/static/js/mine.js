// The seats this browser holds ("Your games"), kept in localStorage so a closed tab is never a
// lost seat: each entry is {url, game, id, seat}; the url carries the seat's token.

const MINE_KEY = "holesome.my-seats";
const KEPT = 30;

/** Every remembered seat, newest first. */
export function remembered() {
  try {
    return JSON.parse(localStorage.getItem(MINE_KEY) ?? "[]");
  } catch {
    return [];
  }
}

/** Remember a seat (again, on top). */
export function remember(entry) {
  const seats = remembered().filter((seat) => seat.url !== entry.url);
  seats.unshift(entry);
  localStorage.setItem(MINE_KEY, JSON.stringify(seats.slice(0, KEPT)));
}
