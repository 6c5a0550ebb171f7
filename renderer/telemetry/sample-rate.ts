import type { MarketDocument } from '../../schemas/generated/types';

/**
 * The market's `telemetry.sampleRate` (declared as read in core/market/market-reads.ts): the share of page loads whose
 * screens the beacons report where no release is in flight. Absent or out of range: none. A screen served in a
 * release is reported whatever this says.
 */
export function sampleRateOf(market: MarketDocument): number {
  const rate: unknown = market.telemetry?.sampleRate;
  return typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : 0;
}
