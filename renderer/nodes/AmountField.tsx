import { groupThousands } from '../core/money/amount';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { digitsOnly } from './format';
import { FormattedInput } from './FormattedInput';

/** Digits typed, without leading zeros: what is stored and sent (no separators, whatever the market). */
const amountDigitsOf = (typed: string, max: number) => digitsOnly(typed, max).replace(/^0+(?=\d)/, '');

/**
 * Amounts show the market's thousands separator (the market document's `number`, as every other amount on the page:
 * core/money/amount.ts) and are stored and sent without it.
 */
export const AmountField: Widget<'amount-field'> = ({ node }) => {
  const max = node.maxDigits ?? 12;
  const format = useRuntime().scope.market.number;
  return (
    <FormattedInput
      node={node}
      parse={(typed) => amountDigitsOf(typed, max)}
      format={(stored) => groupThousands(amountDigitsOf(stored, max), format)}
      inputMode="numeric"
    />
  );
};
