import type { FormEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';
import { FormIdContext } from './use-field';

export const Form: Widget<'form'> = ({ node }) => {
  const runtime = useRuntime();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (node.onSubmit) void runtime.run(node.onSubmit);
  };
  return (
    <FormIdContext.Provider value={node.id}>
      {/* noValidate: the rules and their copy come from the document, not the browser's bubbles. */}
      <form id={node.id} className="sdui-form" noValidate onSubmit={onSubmit}>
        {nodeElements(node.children)}
      </form>
    </FormIdContext.Provider>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Form;
