// Talking to the server: JSON over HTTP, and the live WebSocket of one seat or spectator.

/** GET or POST JSON; throws an Error carrying the server's `detail` when the answer is not 2xx. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail ?? response.statusText);
    throw new Error(detail);
  }
  return data;
}

/** The seat's token from the page's fragment (`#token=...`): never sent to the server in a URL. */
export function tokenFromFragment() {
  return new URLSearchParams(location.hash.slice(1)).get("token");
}

/** The last path segment: the game id of `/play/{id}` and `/replay/{id}`. */
export function gameIdFromPath() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");
}

/**
 * A game's live connection. It says hello with the token, hands every `game` message to
 * `onGame`, the step count after an accepted action to `onAccepted`, errors to `onError`, and reconnects by itself (the server answers a reconnect with
 * the current view). `onStatus` hears "live" (and whether an action waiting for the connection
 * went with it), "reconnecting" or "refused".
 */
export class GameSocket {
  constructor(gameId, token, { onGame, onAccepted, onError, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws`;
    this.token = token;
    this.handlers = { onGame, onAccepted: onAccepted ?? (() => {}), onError, onStatus };
    this.delay = 250;
    this.closed = false;
    this.refused = false;
    this.queued = null;
    this.open();
  }

  open() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ token: this.token ?? null }));
      const sent = this.queued !== null;
      if (sent) socket.send(this.queued);
      this.queued = null;
      this.delay = 250;
      this.handlers.onStatus("live", sent);
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "game") this.handlers.onGame(message);
      else if (message.type === "accepted") this.handlers.onAccepted(message.seq);
      else if (message.type === "error") this.handlers.onError(message.detail, message.status);
    });
    socket.addEventListener("close", (event) => {
      if (this.closed) return;
      if (event.code === 1008) {
        this.refused = true;
        this.handlers.onStatus("refused");
        return;
      }
      this.handlers.onStatus("reconnecting");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    });
  }

  /**
   * Send an action chosen at step `seq`; the server refuses it if the game has moved on. While the
   * connection is still opening (or reopening) the action waits and goes right after the hello,
   * so a move made before the socket is up is not lost. False only if the server refused the socket.
   */
  act(action, seq) {
    if (this.refused) return false;
    const text = JSON.stringify({ action, seq });
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.queued = text;
    return true;
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}
