import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { FormattedInput } from './FormattedInput';

const same = (s: string) => s;

export const TextField: Widget<'text-field'> = ({ node }) => {
  const runtime = useRuntime();
  const max = runtime.limit(node.maxLength, Infinity);
  return (
    <FormattedInput
      node={node}
      parse={(typed) => typed.slice(0, max)}
      format={same}
      inputMode={node.inputMode}
      type={node.inputMode === 'email' ? 'email' : 'text'}
    />
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default TextField;
