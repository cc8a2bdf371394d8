// The board of a view arrives in named parts (docs/server.md, "Board parts"): a `full` view holds every part,
// an `update` only the parts that changed since this connection's previous message about the table, and the
// order of the parts only when it changed. `BoardParts` keeps the parts of one table and turns each view's
// `board` into the whole SVG document (`view.svg`), so the rest of the client sees whole documents only.

export class BoardParts {
  constructor() {
    this.order = [];
    this.parts = new Map();
  }

  // The SVG document after `board` ({order?, parts}), or null when it names a part this client does not hold
  // (it then needs a full view: send `sync`).
  apply(board) {
    const order = board.order || this.order;
    const next = new Map();
    for (const name of order) {
      const text = Object.prototype.hasOwnProperty.call(board.parts, name) ? board.parts[name] : this.parts.get(name);
      if (text === undefined) return null;
      next.set(name, text);
    }
    this.order = order;
    this.parts = next;
    return order.map((name) => next.get(name)).join("");
  }
}

// `view` with its `board` parts applied to `held` and joined into `view.svg`; null when they cannot be applied.
export function withBoard(view, held) {
  if (!view.board) return view;
  const svg = held.apply(view.board);
  if (svg === null) return null;
  const { board, ...rest } = view;
  return { ...rest, svg };
}
