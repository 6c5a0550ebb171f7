import type { Request, Response } from 'express';
import type { Entry } from '../published/snapshot.js';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=60, stale-if-error=86400';

/** Entity tags listed in a conditional header; `W/` dropped (If-None-Match compares weakly). */
export function parseEtags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .filter(Boolean);
}

/** If-None-Match (`*` or a listed tag) says the client already holds the body tagged `etag`. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  const tags = parseEtags(ifNoneMatch);
  return tags.includes('*') || tags.includes(etag);
}

/** Sends a pre-serialised published body: 304 when the client already holds this ETag. `own`: headers of this response alone. */
export function sendEntry(req: Request, res: Response, entry: Entry, own?: Record<string, string>) {
  res.setHeader('ETag', entry.etag);
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  if (entry.release) res.setHeader('X-Config-Release', entry.release);
  for (const [name, value] of Object.entries(own ?? {})) res.setHeader(name, value);
  if (notModified(req.get('if-none-match'), entry.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(entry.body);
}
