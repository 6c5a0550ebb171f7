import { describe, expect, it } from 'vitest';
import { formatInZone, isoToWallTime, marketZones, offsetMinutes, wallTimeToIso, zoneOf } from './market-zone';

describe('market zone', () => {
  it('reads the zone a market names, UTC when none or garbage', () => {
    expect(zoneOf({ id: 'ID', timeZone: 'Asia/Jakarta' })).toBe('Asia/Jakarta');
    expect(zoneOf({ id: 'XX' })).toBe('UTC');
    expect(zoneOf({ timeZone: 'Mars/Olympus' })).toBe('UTC');
    expect(zoneOf(null)).toBe('UTC');
    expect(
      marketZones(
        [{ id: 'IN', timeZone: 'Asia/Kolkata' }, 7, { id: 'ID', timeZone: 'Asia/Jakarta' }],
        ['ID', 'IN', 'XX'],
      ),
    ).toEqual([
      { market: 'ID', zone: 'Asia/Jakarta' },
      { market: 'IN', zone: 'Asia/Kolkata' },
      { market: 'XX', zone: 'UTC' },
    ]);
  });

  it('turns a wall time typed in the market zone into an instant with its offset', () => {
    expect(wallTimeToIso('2026-05-01T09:00', 'Asia/Jakarta')).toBe('2026-05-01T09:00:00+07:00');
    expect(wallTimeToIso('2026-05-01T09:00', 'Asia/Kolkata')).toBe('2026-05-01T09:00:00+05:30');
    expect(wallTimeToIso('2026-05-01T09:00', 'UTC')).toBe('2026-05-01T09:00:00+00:00');
    expect(Date.parse(wallTimeToIso('2026-05-01T00:15', 'Asia/Jakarta')!)).toBe(Date.parse('2026-04-30T17:15:00Z'));
    // A zone with daylight saving: the offset in force at that date.
    expect(wallTimeToIso('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T12:00:00-04:00');
    expect(wallTimeToIso('2026-01-15T12:00', 'America/New_York')).toBe('2026-01-15T12:00:00-05:00');
    expect(wallTimeToIso('', 'Asia/Jakarta')).toBeNull();
    expect(wallTimeToIso('2026-02-31T09:00', 'Asia/Jakarta')).toBeNull();
  });

  it('shows an instant as the zone wall time, round trip included', () => {
    const iso = '2026-04-30T17:15:00.000Z';
    expect(isoToWallTime(iso, 'Asia/Jakarta')).toBe('2026-05-01T00:15');
    expect(isoToWallTime(iso, 'Asia/Kolkata')).toBe('2026-04-30T22:45');
    expect(formatInZone(iso, 'Asia/Jakarta')).toBe('1 May 2026, 00:15 (Asia/Jakarta, UTC+07:00)');
    expect(formatInZone(iso, 'Asia/Kolkata')).toBe('30 Apr 2026, 22:45 (Asia/Kolkata, UTC+05:30)');
    expect(offsetMinutes(Date.parse(iso), 'Asia/Kolkata')).toBe(330);
    expect(Date.parse(wallTimeToIso(isoToWallTime(iso, 'Asia/Kolkata'), 'Asia/Kolkata')!)).toBe(Date.parse(iso));
  });
});
