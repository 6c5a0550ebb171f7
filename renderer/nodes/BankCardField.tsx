import type { Widget } from '../runtime/contract';
import { digitsOnly, groupDigits } from './format';
import { FormattedInput } from './FormattedInput';

export const BankCardField: Widget<'bank-card-field'> = ({ node }) => {
  const max = node.maxDigits ?? 19;
  return (
    <FormattedInput
      node={node}
      parse={(typed) => digitsOnly(typed, max)}
      format={(stored) => groupDigits(digitsOnly(stored, max), [4])}
      inputMode="numeric"
      autoComplete="cc-number"
    />
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default BankCardField;
