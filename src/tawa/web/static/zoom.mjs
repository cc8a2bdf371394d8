// The board's zoom and pan, as plain DOM functions (issue 24, phones). The picture lies in a scrolling viewport at
// `zoom` times the viewport's width: one finger (or the scroll bars, or the wheel) pans it natively; two fingers
// pinch it (touch events, which the viewport's `touch-action: pan-x pan-y` leaves to the page), Ctrl + wheel (a
// trackpad's pinch) and the − / + / fit buttons zoom it, each about a point that stays where it is.

export const MAX_ZOOM = 8;
export const MIN_TARGET = 24;     // CSS px: a target smaller than this on the screen is zoomed to before a tap uses it
export const TAP_SIZE = 36;       // CSS px: how large the smallest target near a tap becomes when the tap zooms to it
export const NEAR = 18;           // CSS px: how far from a tap a small target counts as near it

export const clampZoom = (z) => Math.max(1, Math.min(MAX_ZOOM, z));

// Zoom the picture in `box` (inside the scrolling `viewport`) from `from` to `to`, keeping the point (fx, fy) of
// the viewport (CSS px from its top left corner) over the same point of the picture.
// The viewport grows with the picture up to its greatest height: while it grows it cannot scroll, so the page
// scrolls by what the viewport could not (the point stays under the fingers).
// `anchor` ({x, y} in the picture at zoom 1): the point to keep there, when a gesture fixed it as it began (so that
// what one step of it could not keep, a later one does).
export function zoomAbout(viewport, box, from, to, fx, fy, anchor = null) {
  const x = anchor ? anchor.x : (viewport.scrollLeft + fx) / from;
  const y = anchor ? anchor.y : (viewport.scrollTop + fy) / from;
  const top = viewport.getBoundingClientRect().top;
  box.style.width = `${to * 100}%`;
  box.classList.toggle("zoomed", to > 1);
  void viewport.scrollWidth;                       // lay the new size out before scrolling within it
  viewport.scrollLeft = x * to - fx;
  viewport.scrollTop = y * to - fy;
  const short = y * to - fy - viewport.scrollTop - (top - viewport.getBoundingClientRect().top);
  if (Math.abs(short) >= 1) window.scrollBy(0, short);
}

// The targets (elements of `ids`) near the screen point (x, y) that are smaller than MIN_TARGET on the screen now,
// with the smallest side among them.
export function smallTargetsNear(svg, ids, x, y) {
  let smallest = Infinity;
  const near = [];
  for (const id of ids) {
    const el = svg.getElementById(id);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    const dx = Math.max(r.left - x, 0, x - r.right), dy = Math.max(r.top - y, 0, y - r.bottom);
    if (Math.hypot(dx, dy) > NEAR) continue;
    const side = Math.min(r.width, r.height);
    if (side > 0 && side < MIN_TARGET) { near.push(id); smallest = Math.min(smallest, side); }
  }
  return { near, smallest };
}

// Two-finger pinch and Ctrl + wheel on `viewport`: `zoomAt(z, fx, fy, anchor)` with the zoom wanted, its fixed point
// and, during a pinch, the point of the picture that was between the fingers as it began; `current()` the zoom now.
// Returns the function that removes the listeners.
export function gestures(viewport, current, zoomAt) {
  let start = null;
  const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
  const middle = (t) => {
    const r = viewport.getBoundingClientRect();
    return [(t[0].clientX + t[1].clientX) / 2 - r.left, (t[0].clientY + t[1].clientY) / 2 - r.top];
  };
  const down = (e) => {
    if (e.touches.length !== 2) return;
    e.preventDefault();
    const [fx, fy] = middle(e.touches), z = current();
    start = { d: spread(e.touches) || 1, z, anchor: { x: (viewport.scrollLeft + fx) / z, y: (viewport.scrollTop + fy) / z } };
  };
  const move = (e) => {
    if (!start || e.touches.length !== 2) return;
    e.preventDefault();
    const [fx, fy] = middle(e.touches);
    zoomAt(start.z * spread(e.touches) / start.d, fx, fy, start.anchor);
  };
  const up = (e) => { if (e.touches.length < 2) start = null; };
  const wheel = (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    const r = viewport.getBoundingClientRect();
    zoomAt(current() * Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
  };
  viewport.addEventListener("touchstart", down, { passive: false });
  viewport.addEventListener("touchmove", move, { passive: false });
  viewport.addEventListener("touchend", up);
  viewport.addEventListener("touchcancel", up);
  viewport.addEventListener("wheel", wheel, { passive: false });
  return () => {
    viewport.removeEventListener("touchstart", down);
    viewport.removeEventListener("touchmove", move);
    viewport.removeEventListener("touchend", up);
    viewport.removeEventListener("touchcancel", up);
    viewport.removeEventListener("wheel", wheel);
  };
}
