/**
 * The caps a replica applies to its live streams, from the settings and the process's file limit. Every stream is an
 * open socket: streams up to the file limit would leave no descriptor for `/healthz`, pages, logins, the database or
 * the files served, so the caps together stay below the limit by a reserve (a tenth of it, at least 128).
 *
 * The per-address share: one client address may hold `addressShare` % of the borrowers' cap (5 % by default: at
 * least 20 addresses are needed to fill a replica). A share, not a small fixed number, because of carrier-grade NAT:
 * mobile carriers in Indonesia and India put thousands of phones behind one public address, so a fixed cap of a few
 * streams per address would cut off real borrowers on the same carrier, while a share of a large cap leaves room for
 * a whole NAT pool and still keeps one address from taking every stream. A refused page loses nothing but speed: it
 * keeps revalidating at focus and navigation.
 */
import type { LiveSettings } from './live-settings.js';

export interface StreamCaps {
  borrowers: number;
  consoles: number;
  perAddress: number;
  /** What was chosen and why, for the start log. */
  note: string;
}

export function streamCaps(settings: LiveSettings, fileLimit: number | undefined): StreamCaps {
  let borrowers = settings.maxStreams;
  let consoles = settings.consoleMaxStreams;
  let why = fileLimit === undefined ? 'file limit unknown' : `file limit ${fileLimit}`;
  if (fileLimit !== undefined) {
    const budget = Math.max(0, fileLimit - Math.max(128, Math.ceil(fileLimit / 10)));
    if (borrowers + consoles > budget) {
      // The console keeps a tenth of what is left at most; borrowers take the rest.
      consoles = Math.min(consoles, Math.floor(budget / 10));
      borrowers = Math.min(borrowers, budget - consoles);
      why += `, streams kept to ${budget} (LIVE_MAX_STREAMS ${settings.maxStreams}, LIVE_MAX_CONSOLE_STREAMS ${settings.consoleMaxStreams} lowered)`;
    }
  }
  const perAddress = borrowers ? Math.max(1, Math.ceil((borrowers * settings.addressShare) / 100)) : 0;
  return {
    borrowers,
    consoles,
    perAddress,
    note: `live streams: ${borrowers} borrowers (${perAddress} per address, ${settings.addressShare} %), ${consoles} console (${why})`,
  };
}
