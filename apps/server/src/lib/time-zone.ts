// Days and clock times in the shop's time zone (shop settings `timeZone`, an IANA name), from UTC instants and back.
// Intl knows every zone's rules; no offset is ever hard-coded (Asia/Yangon is +06:30, others change with the season).

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a zone. */
function parts(instant: number, timeZone: string) {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return wall - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The zone's calendar day (YYYY-MM-DD) that contains the instant. */
export function zonedDate(instant: number, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}`;
}

/** The instant (ms) the zone's day YYYY-MM-DD begins. */
export function zonedDayStart(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess may differ from the offset at midnight when a clock change lies between.
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** The calendar day `days` after YYYY-MM-DD (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Offsets per zone and quarter hour (no zone changes its offset within one): an export asks Intl once per quarter. */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();

function cachedOffset(instant: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= 10_000) offsets.clear();
    offset = offsetAt(Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, timeZone);
    offsets.set(key, offset);
  }
  return offset;
}

/** `YYYY-MM-DD HH:mm:ss` in the zone: what a spreadsheet reads as a date and time. */
export function formatZoned(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  const wall = new Date(Math.floor(instant / 1000) * 1000 + cachedOffset(instant, timeZone)).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
}
