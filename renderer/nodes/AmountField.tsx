import { groupAmountDigits } from '../core/money/amount';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { digitsOnly } from './format';
import { FormattedInput } from './FormattedInput';

/** Digits typed, without leading zeros: what is stored and sent (no separators, whatever the market). */
const amountDigitsOf = (typed: string, max: number) => digitsOnly(typed, max).replace(/^0+(?=\d)/, '');

/**
 * Amounts group in the market's number format as the borrower types (the market document's `number`: 3,50,000 in
 * India, 350.000 in Indonesia, as every other amount on the page: core/money/amount.ts) and are stored and sent
 * without separators.
 */
export const AmountField: Widget<'amount-field'> = ({ node }) => {
  const max = node.maxDigits ?? 12;
  const format = useRuntime().scope.market.number;
  return (
    <FormattedInput
      node={node}
      parse={(typed) => amountDigitsOf(typed, max)}
      format={(stored) => groupAmountDigits(amountDigitsOf(stored, max), format)}
      inputMode="numeric"
    />
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default AmountField;
