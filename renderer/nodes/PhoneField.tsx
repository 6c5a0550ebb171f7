import type { Widget } from '../runtime/contract';
import { digitsOnly, groupDigits } from './format';
import { FormattedInput } from './FormattedInput';

/** Mobile numbers have 11 digits, shown 3-4-4 (spec section 5). */
export const PHONE_DIGITS = 11;

export const PhoneField: Widget<'phone-field'> = ({ node }) => (
  <FormattedInput
    node={node}
    parse={(typed) => digitsOnly(typed, PHONE_DIGITS)}
    format={(stored) => groupDigits(digitsOnly(stored, PHONE_DIGITS), [3, 4, 4])}
    inputMode="numeric"
    type="tel"
    autoComplete="tel-national"
  />
);
