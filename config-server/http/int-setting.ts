export interface IntSettingRange {
  /** Used when the variable is unset or blank. */
  fallback: number;
  min: number;
  max: number;
  /** What one counts, for the message: "days", "page views per client address and release". */
  unit?: string;
}

/**
 * A whole-number setting from the environment. Unset or blank gives the default; anything else outside the range stops
 * the start with a message naming the variable, its unit and range, never a silent default an operator did not choose.
 */
export function intSetting(env: NodeJS.ProcessEnv, name: string, range: IntSettingRange): number {
  const raw = (env[name] ?? '').trim();
  if (!raw) return range.fallback;
  // Decimal digits only: Number() would also take '0x10', '1e3' and ' 1_0'.
  const n = /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < range.min || n > range.max)
    throw new Error(
      `${name} must be a whole number${range.unit ? ` of ${range.unit}` : ''} from ${range.min} to ${range.max} (got '${raw.slice(0, 40)}')`,
    );
  return n;
}
