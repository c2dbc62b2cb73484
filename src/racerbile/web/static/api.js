// HTTP and websocket client for the racerbile server (see docs/api.md).

/** An error answered by the server: HTTP status, stable code and a sentence. */
export class ApiError extends Error {
  constructor(status, body) {
    const detail = body && (body.detail ?? body);
    const reason =
      (detail && typeof detail === "object" && (detail.reason || detail.message)) ||
      (typeof detail === "string" ? detail : "") ||
      `HTTP ${status}`;
    super(reason);
    this.status = status;
    this.body = body;
    this.code = detail && typeof detail === "object" ? detail.code || "" : "";
    this.ruleId = detail && typeof detail === "object" ? detail.rule_id || "" : "";
    // 409 action/stale carries the current state.
    this.state = (detail && typeof detail === "object" && detail.state) || (body && body.state) || null;
  }
}

/** Calls the API; returns the parsed JSON or throws ApiError. */
export async function request(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export const api = {
  games: () => request("GET", "/api/meta/games"),
  trackSvgUrl: (game, track) =>
    `/api/meta/tracks/${encodeURIComponent(game)}/${encodeURIComponent(track)}.svg`,
  create: (body) => request("POST", "/api/games", { body }),
  get: (id, token) => request("GET", `/api/games/${encodeURIComponent(id)}`, { token }),
  act: (id, token, action, seq, seat) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/actions`, {
      token,
      body: seat === undefined || seat === null ? { action, seq } : { action, seq, seat },
    }),
  record: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/record`),
  join: (code) => request("GET", `/api/join/${encodeURIComponent(code)}`),
  claim: (code, seat) => request("POST", `/api/join/${encodeURIComponent(code)}/claim`, { body: { seat } }),
  /** Shows the join QR code in ``img``: fetched with the seat or host token in a header
   * (a token never goes into a URL, which servers log) and shown from a blob URL. */
  showQr: async (img, id, token) => {
    const key = `${id} ${token}`;
    if (!token || qrShown.get(img) === key) return;
    qrShown.set(img, key);
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/qr.svg`, {
      headers: { Authorization: `Bearer ${token}` },
      cache: "no-store",
    }).catch(() => null);
    if (!res || !res.ok) {
      qrShown.delete(img);
      return;
    }
    const old = img.src;
    img.src = URL.createObjectURL(await res.blob());
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  },
};

const qrShown = new WeakMap(); // img -> the game and token its QR code was fetched for

// ---- tokens -----------------------------------------------------------------------
// One entry per game: {host?: token, seat?: {seat, token}, join_code?, game?}.

const KEY = (id) => `racerbile.game.${id}`;

export function loadTokens(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || "{}");
  } catch {
    return {};
  }
}

export function saveTokens(id, patch) {
  const merged = { ...loadTokens(id), ...patch };
  try {
    localStorage.setItem(KEY(id), JSON.stringify(merged));
  } catch {
    /* private mode: keep going without persistence */
  }
  try {
    sessionStorage.setItem(KEY(id), JSON.stringify(merged));
  } catch {
    /* ignore */
  }
  return merged;
}

/** Takes a token handed over in the URL fragment (#token=, which never reaches a server),
 * stores it, and cleans the URL. */
export function adoptUrlToken(id, role) {
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ""));
  const token = hash.get("token");
  if (!token) return null;
  const seatText = hash.get("seat");
  if (hash.get("judge") !== null) saveTokens(id, { judge: token });
  else if (role === "host") saveTokens(id, { host: token });
  else saveTokens(id, { seat: { token, seat: seatText === null ? null : Number(seatText) } });
  url.searchParams.delete("token");
  url.searchParams.delete("seat");
  url.hash = "";
  history.replaceState(null, "", url.pathname + url.search);
  return token;
}

// ---- live game connection ------------------------------------------------------------

/**
 * Keeps one game's state fresh: fetches it, listens on the websocket (reconnecting with
 * back-off), and sends actions with the sequence number they were made against.
 */
/**
 * Returns the state a websocket patch makes of the one before it: the envelope's
 * members in ``set`` (those in ``unset`` gone), the view's likewise, and the log as
 * ``keep`` lines from ``drop`` on with the lines in ``add`` after them.
 */
export function applyPatch(before, patch) {
  const after = { ...before, ...(patch.set || {}) };
  for (const key of patch.unset || []) delete after[key];
  if (patch.view) {
    const view = { ...before.view, ...patch.view.set };
    for (const key of patch.view.unset || []) delete view[key];
    after.view = view;
  }
  if (patch.log) {
    const { drop, keep, add } = patch.log;
    after.log = [...before.log.slice(drop, drop + keep), ...add];
  }
  return after;
}

export class GameConnection {
  constructor(id, token, lang = "en") {
    this.id = id;
    this.lang = lang;
    this.token = token || null;
    this.state = null;
    this.stateText = null; // the JSON of the state held, to pass over the same state again
    this.listeners = new Set();
    this.statusListeners = new Set();
    this.ws = null;
    this.retry = 0;
    this.closed = false;
    this.connected = false;
    this.pollTimer = null;
  }

  onState(fn) {
    this.listeners.add(fn);
    if (this.state) fn(this.state);
    return () => this.listeners.delete(fn);
  }

  onStatus(fn) {
    this.statusListeners.add(fn);
    fn(this.connected);
    return () => this.statusListeners.delete(fn);
  }

  _status(connected) {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const fn of this.statusListeners) fn(connected);
  }

  /** Adopts a state if it is not older than the one held. */
  accept(state) {
    if (!state || typeof state !== "object") return;
    if (this.state && typeof state.seq === "number" && state.seq < this.state.seq) return;
    // The same state again (an action's answer and its push) changes nothing; painting
    // it would rebuild the board under a finger about to tap it.
    const text = JSON.stringify(state);
    if (this.state && text === this.stateText) return;
    this.state = state;
    this.stateText = text;
    for (const fn of this.listeners) fn(state);
  }

  _query() {
    return `?lang=${encodeURIComponent(this.lang || "en")}`;
  }

  /** Switches the language of the log sentences: refetches and reopens the socket. */
  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    this.state = null;
    this.refresh().catch(() => {});
    if (this.ws) {
      const old = this.ws;
      this.ws = null;
      old.onclose = null;
      old.close();
      this._open();
    }
  }

  async refresh() {
    const state = await request("GET", `/api/games/${encodeURIComponent(this.id)}${this._query()}`, {
      token: this.token,
    });
    this.accept(state);
    return state;
  }

  async start() {
    if (!this.state) await this.refresh();
    this._open();
    // Safety net: poll slowly while the socket is down.
    this.pollTimer = setInterval(() => {
      if (!this.connected && !document.hidden) this.refresh().catch(() => {});
    }, 5000);
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.refresh().catch(() => {});
    });
    return this.state;
  }

  _open() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      // Patches: after the first state, each push holds only what changed.
      ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/ws${this._query()}&patches=true`);
    } catch {
      this._reconnect();
      return;
    }
    this.ws = ws;
    // The state this socket's pushes built: each patch applies to it, whatever state
    // an HTTP answer brought meanwhile.
    let pushed = null;
    ws.onopen = () => {
      // The first message authenticates (the token stays out of the URL, which servers log).
      ws.send(JSON.stringify({ type: "auth", token: this.token }));
      this.retry = 0;
      this._status(true);
      // Catch up on anything missed while disconnected.
      this.refresh().catch(() => {});
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        const { type: _type, ...state } = msg;
        pushed = msg.state && typeof msg.state === "object" && !("seq" in msg) ? msg.state : state;
        this.accept(pushed);
      } else if (msg.type === "patch") {
        if (!pushed) return;
        pushed = applyPatch(pushed, msg);
        this.accept(pushed);
      }
    };
    ws.onclose = () => {
      this._status(false);
      if (this.ws === ws) this.ws = null;
      this._reconnect();
    };
    ws.onerror = () => {
      try {
        ws.close();
      } catch {
        /* ignore */
      }
    };
  }

  _reconnect() {
    if (this.closed) return;
    const delay = Math.min(8000, 400 * 2 ** this.retry);
    this.retry += 1;
    setTimeout(() => this._open(), delay);
  }

  close() {
    this.closed = true;
    clearInterval(this.pollTimer);
    if (this.ws) this.ws.close();
  }

  /**
   * Sends one action made against the state held now. ``seat`` is only sent with the
   * host token. On a stale sequence number the current state is adopted and the
   * error rethrown, so the caller can decide whether to retry.
   */
  async act(action, seat) {
    const seq = this.state ? this.state.seq : 0;
    try {
      const state = await request("POST", `/api/games/${encodeURIComponent(this.id)}/actions${this._query()}`, {
        token: this.token,
        body: seat === undefined || seat === null ? { action, seq } : { action, seq, seat },
      });
      this.accept(state);
      return state;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        if (err.state) this.accept(err.state);
        else await this.refresh().catch(() => {});
      }
      throw err;
    }
  }

  /**
   * Takes back the recorded actions at ``positions`` (1-based, from the envelope's
   * ``undo``), against the state held now; a stale sequence number is handled as in act().
   */
  async void(positions) {
    const seq = this.state ? this.state.seq : 0;
    try {
      const state = await request("POST", `/api/games/${encodeURIComponent(this.id)}/void${this._query()}`, {
        token: this.token,
        body: { actions: positions, seq },
      });
      this.accept(state);
      return state;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        if (err.state) this.accept(err.state);
        else await this.refresh().catch(() => {});
      }
      throw err;
    }
  }
}
