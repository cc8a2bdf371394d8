// Clocks (issue 25): a seat's time left as the table shows it, counted down in the page for the running seat from
// the clocks the server sent last (no request per second: every update of a timed table carries them).
import { useEffect, useState } from "preact/hooks";
import { html } from "./common.mjs";

// seconds as a clock reads them: "4:05", "1:02:30"; turn-based times in days and hours ("2 d 3 h", "5 h 10 min")
export function duration(seconds, kind) {
  const s = Math.max(0, Math.floor(seconds));
  if (kind === "days" || s >= 6 * 3600) {
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d > 0) return `${d} d ${h} h`;
    if (h > 0) return `${h} h ${m} min`;
    if (kind === "days") return `${m} min`;
  }
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// A re-render every `ms` while `on` (the running clock's second hand).
export function useTick(on, ms = 1000) {
  const [, setN] = useState(0);
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setN((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
}

// Seat `seat`'s seconds left now: the server's figure, less the time since it came when that seat's time runs.
export function leftNow(clock, seat) {
  const left = clock.left[seat];
  if (left === null || left === undefined) return null;
  return clock.running === seat ? left - (performance.now() - clock.got) / 1000 : left;
}

export function SeatClock({ clock, seat, running }) {
  useTick(running && clock.running === seat);
  const left = leftNow(clock, seat);
  if (left === null) return null;
  const low = clock.control.kind === "fischer" ? left < 30 : left < 3600;
  const cls = "clock" + (running && clock.running === seat ? " running" : "") + (low ? " low" : "");
  return html`<span class=${cls} data-testid=${"clock-" + seat}
    title=${running && clock.running === seat ? "time left (running)" : "time left"}>${duration(left, clock.control.kind)}</span>`;
}

export const ON_TIMEOUT = {
  bot: "a bot plays the seat (its player can take it back)",
  end: "the game ends, that seat last",
};
