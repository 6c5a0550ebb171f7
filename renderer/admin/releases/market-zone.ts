/**
 * Release times in the zone of the market they reach (its `timeZone`, schemas/documents/market.json): ops in
 * Jakarta type and read 09:00 Jakarta time, whatever the laptop's zone. The server keeps instants; this module
 * turns a wall time typed in a zone into an instant with its offset, and an instant into that zone's wall time.
 * Intl.DateTimeFormat does the zone arithmetic (offsets, daylight saving where a zone has it).
 */

export const FALLBACK_ZONE = 'UTC';

/** A zone Intl knows, or null. */
function known(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** The zone a market document names; UTC when it names none (stores imported before the field existed). */
export function zoneOf(market: unknown): string {
  return known((market as { timeZone?: unknown } | null)?.timeZone) ?? FALLBACK_ZONE;
}

export interface MarketZone {
  market: string;
  zone: string;
}

/** Each market of `ids` with its zone, from the market documents (garbage entries are skipped). */
export function marketZones(markets: unknown[], ids: string[]): MarketZone[] {
  const byId = new Map<string, unknown>();
  for (const m of markets)
    if (m && typeof m === 'object' && typeof (m as { id?: unknown }).id === 'string')
      byId.set((m as { id: string }).id, m);
  return ids.map((market) => ({ market, zone: zoneOf(byId.get(market)) }));
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function wallParts(instant: number, zone: string) {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** The zone's offset from UTC at `instant`, in minutes (Jakarta: +420). */
export function offsetMinutes(instant: number, zone: string): number {
  const w = wallParts(instant, zone);
  return Math.round((Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant / 1000) * 1000) / 60000);
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
const offsetText = (min: number) =>
  `${min < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(min) / 60))}:${pad(Math.abs(min) % 60)}`;

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * `2026-05-01T09:00` (a datetime-local input) in `zone` → `2026-05-01T09:00:00+07:00`; null when it is not such a
 * time. The offset is the one in force at that wall time (asked twice: near a daylight-saving change the first
 * guess may be on the other side).
 */
export function wallTimeToIso(wall: string, zone: string): string | null {
  const m = WALL.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== d) return null;
  let offset = offsetMinutes(asUtc - offsetMinutes(asUtc, zone) * 60000, zone);
  if (offsetMinutes(asUtc - offset * 60000, zone) !== offset) offset = offsetMinutes(asUtc, zone);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00${offsetText(offset)}`;
}

/** An instant as the zone's wall time for a datetime-local input (`2026-05-01T09:00`). */
export function isoToWallTime(iso: string, zone: string): string {
  const w = wallParts(Date.parse(iso), zone);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** An instant for people: `1 May 2026, 09:00 (Asia/Jakarta, UTC+07:00)`. */
export function formatInZone(iso: string, zone: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(t);
  return `${text} (${zone}, UTC${offsetText(offsetMinutes(t, zone))})`;
}
