import { useId, useRef, type KeyboardEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { optionsOf, sameValue } from './options-of';
import { FieldError } from './FieldFrame';
import { useField } from './use-field';

export const ChoiceList: Widget<'choice-list'> = ({ node }) => {
  const field = useField<unknown>(node);
  const labelId = `f${useId().replace(/:/g, '')}-label`;
  const options = optionsOf(field.runtime, node);
  const selected = options.findIndex((o) => sameValue(o.value, field.value));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (index: number) => {
    const option = options[index];
    if (!option || field.disabled) return;
    field.setValue(option.value);
    if (node.onSelect) void field.runtime.run(node.onSelect, { item: option.item, index, result: option.value });
  };
  // Radio groups move with the arrow keys; Tab enters at the chosen option.
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step =
      e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (!step || !options.length) return;
    e.preventDefault();
    const next = (index + step + options.length) % options.length;
    refs.current[next]?.focus();
    choose(next);
  };

  return (
    <div id={node.id} className={`sdui-choice-list${field.error ? ' sdui-field--invalid' : ''}`}>
      <p id={labelId} className={node.hideLabel ? 'sdui-visually-hidden' : 'sdui-field__label'}>
        {field.runtime.t(node.label)}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} aria-invalid={field.error ? true : undefined}>
        {options.map((o, i) => (
          <button
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={i === selected}
            tabIndex={i === selected || (selected < 0 && i === 0) ? 0 : -1}
            disabled={field.disabled}
            className={`sdui-choice${i === selected ? ' sdui-choice--selected' : ''}`}
            onClick={() => choose(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {o.label}
          </button>
        ))}
      </div>
      <FieldError error={field.error} />
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default ChoiceList;
