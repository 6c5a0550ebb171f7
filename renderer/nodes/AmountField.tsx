import type { Widget } from '../runtime/contract';
import { digitsOnly, thousandsDots } from './format';
import { FormattedInput } from './FormattedInput';

/** Amounts show thousands dots (1.000.000) and are stored and sent without them. */
export const AmountField: Widget<'amount-field'> = ({ node }) => {
  const max = node.maxDigits ?? 12;
  return (
    <FormattedInput
      node={node}
      parse={(typed) => digitsOnly(typed, max).replace(/^0+(?=\d)/, '')}
      format={(stored) => thousandsDots(digitsOnly(stored, max))}
      inputMode="numeric"
    />
  );
};
