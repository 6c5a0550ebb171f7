/**
 * Tests' way to a view ticket, the way a borrower's app gets one: the screen fetched with their deviceId
 * and market, from their own address (`X-Forwarded-For`, on a test server that trusts loopback as its proxy). Not
 * imported by production code.
 */
import { checkedFetch as fetch } from '../../openapi/check.js';
import type { Arm } from '../../store/telemetry-records.js';

export interface FetchedTicket {
  ticket: string;
  /** This borrower's arm of `release`, as the ticket names it. */
  arm: Arm;
}

/** A fresh ticket for one view of `screen` by `deviceId`, from `address` when given. */
export async function fetchTicket(
  base: string,
  screen: string,
  deviceId: string,
  release: string,
  address?: string,
): Promise<FetchedTicket> {
  const r = await fetch(`${base}/config/v1/screens/${screen}?market=ID&deviceId=${encodeURIComponent(deviceId)}`, {
    headers: address ? { 'x-forwarded-for': address } : {},
  });
  await r.arrayBuffer();
  const ticket = r.headers.get('x-view-ticket');
  // The ticket says it (signed, not secret): it also names the releases of the market's bundle, which X-Config-Release
  // of a screen does not.
  const said = ticket
    ? (JSON.parse(Buffer.from(ticket.split('.')[0], 'base64url').toString()) as { r: [string, 'b' | 'c'][] }).r
    : [];
  const mine = said.find(([id]) => id === release)?.[1];
  const arm: Arm | undefined = mine && (mine === 'c' ? 'candidate' : 'base');
  if (r.status !== 200 || !ticket || !arm)
    throw new Error(
      `no ticket for ${screen} / ${deviceId} in ${release}: ${r.status} ${r.headers.get('x-config-release')}`,
    );
  return { ticket, arm };
}

/** POSTs a beacon from `address` (when given); resolves to the status. */
export async function postBeacon(base: string, screens: unknown[], address?: string): Promise<number> {
  const r = await fetch(`${base}/config/v1/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ v: 1, market: 'ID', screens }),
  });
  await r.arrayBuffer();
  return r.status;
}

let borrowers = 0;

/**
 * `pageViews` real views of `screen` in `arm` of `release`, each with its own ticket (fresh deviceIds until the arm has
 * enough), reported in beacons of 10 views: `apiFailures` spread over them, one `lcp` each from the list's start.
 * The server must allow that many counted views per address (BEACON_VIEWS_PER_ADDRESS) unless `address` varies.
 */
export async function reportViews(
  base: string,
  screen: string,
  release: string,
  arm: Arm,
  figures: { pageViews: number; apiFailures?: number; lcp?: number[] },
  address?: (i: number) => string,
): Promise<void> {
  const entries: Record<string, unknown>[] = [];
  while (entries.length < figures.pageViews) {
    const t = await fetchTicket(base, screen, `reported-${++borrowers}`, release, address?.(entries.length));
    if (t.arm === arm) entries.push({ screen, ticket: t.ticket, pageViews: 1 });
  }
  const failures = figures.apiFailures ?? 0;
  entries.forEach((e, i) => {
    const n = Math.floor(failures / entries.length) + (i < failures % entries.length ? 1 : 0);
    if (n) e.apiFailures = { problemInit: n };
    if (figures.lcp?.[i] !== undefined) e.lcp = [figures.lcp[i]];
  });
  for (let i = 0; i < entries.length; i += 10) {
    const status = await postBeacon(base, entries.slice(i, i + 10), address?.(i));
    if (status !== 204) throw new Error(`beacon: ${status}`);
  }
}
