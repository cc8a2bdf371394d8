// One WebSocket per page for one table: join with the seat token (or as a spectator), keep the latest
// full view, apply versioned updates in order, ask for a full view on a gap, reconnect with backoff.
// The state handed to `onChange` is always a plain snapshot: {v, seat, seats, log, view, ...}; the board parts
// of each view are applied here (patch.mjs), so `view.svg` is always the whole document.
import { BoardParts, withBoard } from "./patch.mjs";
import { go, keepSeat } from "./common.mjs";

export class TableSocket {
  constructor(table, token, onChange, onNotice) {
    this.table = table;
    this.token = token;
    this.onChange = onChange;
    this.onNotice = onNotice;      // (kind, message) for rejections, help and explanations
    this.state = null;
    this.ack = 0;
    this.pending = null;           // the ack of the move in flight: the actions stay locked until answered
    this.ackedV = null;            // the version that move was committed as
    this.retry = 0;
    this.closed = false;
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // ?table= lets a proxy in front of several workers route the socket to the table's worker (docs/deploy.md)
    const ws = (this.ws = new WebSocket(`${proto}//${location.host}/ws/v1?table=${encodeURIComponent(this.table)}`));
    ws.onopen = () => {
      this.retry = 0;
      this.send({ t: "join", table: this.table, ...(this.token ? { token: this.token } : {}) });
    };
    ws.onmessage = (e) => this.handle(JSON.parse(e.data));
    ws.onclose = () => {
      if (this.closed) return;
      this.onNotice("offline", "connection lost; reconnecting…");
      const wait = Math.min(8000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }

  close() { this.closed = true; if (this.ws) this.ws.close(); }

  send(msg) { if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg)); }

  emit() { this.onChange({ ...this.state, pending: this.pending !== null }); }

  handle(msg) {
    if (msg.table && msg.table !== this.table) return;
    switch (msg.t) {
      case "full":
        this.board = new BoardParts();
        this.state = { ...msg, view: withBoard(msg.view, this.board),
          clock: msg.clock ? { ...msg.clock, got: performance.now() } : null };
        this.pending = null;
        this.onNotice("online", "");
        if (msg.notice) this.onNotice("info", msg.notice);   // a take-back, a resignation: what changed the table
        this.emit();
        break;
      case "update": {
        if (!this.state || msg.v <= this.state.v) return;                 // old news
        if (msg.v !== this.state.v + 1) { this.send({ t: "sync", table: this.table }); return; }   // a gap
        const view = withBoard(msg.view, this.board);
        if (view === null) { this.send({ t: "sync", table: this.table }); return; }   // parts it does not hold
        // the decision of this version was made by the seat that was to act before it: mine, if that was me
        const undo = this.state.view.to_act === this.state.seat && view.status === "running";
        // a timed table's update carries the clocks after it
        const clock = msg.clock ? { ...msg.clock, got: performance.now() } : this.state.clock;
        this.state = { ...this.state, v: msg.v, view, undo, clock, log: this.state.log.concat(msg.events) };
        // the update of my own move carries its ack: the actions unlock with it
        if (this.pending !== null && (msg.ack === this.pending || (this.ackedV !== null && msg.v >= this.ackedV))) {
          this.pending = null;
        }
        this.emit();
        break;
      }
      case "ack":   // an undo, resignation or return committed; the full view that follows unlocks the actions
        if (msg.ack === this.pending) this.ackedV = msg.v;
        break;
      case "rematch":   // my seat at the rematch (with its token: go there), or the offer the others made
        if (msg.token) {
          keepSeat(msg.rematch, msg.seat, msg.token);
          go(`/table/${msg.rematch}`);
        } else if (this.state) {
          this.state = { ...this.state, rematch: msg.rematch, rematchBy: msg.by, rematchJoined: msg.joined };
          this.emit();
        }
        break;
      case "chat":   // a line I may read (the server sends only those)
        if (this.state && !this.state.chat.some((c) => c.n === msg.n)) {
          this.state = { ...this.state, chat: this.state.chat.concat([msg]) };
          this.emit();
        }
        break;
      case "reject":
        if (msg.ack === this.pending) this.pending = null;
        this.onNotice("reject", refusalText(msg));
        break;
      case "presence":
        if (this.state) {
          this.state = { ...this.state,
            seats: this.state.seats.map((s, i) => ({ ...s, connected: msg.connected[i] })) };
          this.emit();
        }
        break;
      case "help":
        this.onNotice("help", msg.text);
        break;
      case "explain":
        this.onNotice(msg.legal ? "help" : "explain", msg.legal ? msg.reason : refusalText(msg));
        break;
      case "previews":   // into the view held (not a new one, so that an open chooser stays open)
        if (this.state && msg.v === this.state.v) {
          this.state.view.previews = { ...(this.state.view.previews || {}), ...msg.previews };
          this.emit();
        }
        break;
      default:
        break;
    }
  }

  move(action) {
    if (!this.state || this.pending !== null) return;
    this.pending = ++this.ack;
    this.ackedV = null;
    this.send({ t: "move", table: this.table, seq: this.state.v, action, ack: this.pending });
    this.emit();
  }

  help(action) { this.send({ t: "help", table: this.table, action, ack: ++this.ack }); }

  // take back my latest decision (the server answers with the table's full view, or says why not)
  undo() {
    if (!this.state || this.pending !== null) return;
    this.pending = ++this.ack;
    this.ackedV = null;
    this.send({ t: "undo", table: this.table, seq: this.state.v, ack: this.pending });
    this.emit();
  }

  resign() { this.send({ t: "resign", table: this.table, ack: ++this.ack }); }

  // take my seat at this finished table's rematch (the server creates it for the first to ask)
  rematch() { this.send({ t: "rematch", table: this.table, ack: ++this.ack }); }

  // take my seat back from the bot that plays it since my time ran out
  comeBack() { this.send({ t: "return", table: this.table, ack: ++this.ack }); }

  say(text) { this.send({ t: "say", table: this.table, text, ack: ++this.ack }); }

  explain(action) { this.send({ t: "explain", table: this.table, action, ack: ++this.ack }); }

  // why a board part that means no action cannot be used (the game's rule of what a turn offers)
  explainPlace(element) { this.send({ t: "explain", table: this.table, element, ack: ++this.ack }); }

  // the chooser pictures of my actions about one board element, asked when its chooser opens
  previews(target) { this.send({ t: "previews", table: this.table, target, ack: ++this.ack }); }
}

// A refusal as the notice shows it (issue 24): the reason with its rule ID (the server's text starts with it), then
// what would open it, when the game says.
export function refusalText(msg) {
  const reason = msg.rule && !msg.reason.includes(msg.rule) ? `[${msg.rule}] ${msg.reason}` : msg.reason;
  return msg.opens ? `${reason} — what opens it: ${msg.opens}` : reason;
}
