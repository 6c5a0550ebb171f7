import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { digitsOnly, groupDigits } from './format';
import { FormattedInput } from './FormattedInput';

/** Mobile numbers have 11 digits, shown 3-4-4 (spec section 5): the defaults when a screen binds no market limits. */
export const PHONE_DIGITS = 11;
const PHONE_GROUPS = [3, 4, 4];

function groupsOf(value: unknown, log: (m: string) => void): number[] {
  if (value === undefined) return PHONE_GROUPS;
  if (Array.isArray(value) && value.length > 0 && value.every((n) => Number.isInteger(n) && n >= 1 && n <= 20))
    return value as number[];
  log(`phone-field: groups ${JSON.stringify(value)?.slice(0, 60)} are not digit-group sizes; using 3-4-4`);
  return PHONE_GROUPS;
}

export const PhoneField: Widget<'phone-field'> = ({ node }) => {
  const runtime = useRuntime();
  const max = runtime.limit(node.maxDigits, PHONE_DIGITS);
  const groups = groupsOf(node.groups === undefined ? undefined : runtime.resolve(node.groups), (m) =>
    runtime.logError(m),
  );
  return (
    <FormattedInput
      node={node}
      parse={(typed) => digitsOnly(typed, max)}
      format={(stored) => groupDigits(digitsOnly(stored, max), groups)}
      inputMode="numeric"
      type="tel"
      autoComplete="tel-national"
    />
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default PhoneField;
