import { useId, useRef, type KeyboardEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';

export const StarRating: Widget<'star-rating'> = ({ node }) => {
  const runtime = useRuntime();
  const labelId = `s${useId().replace(/:/g, '')}`;
  const max = runtime.limit(node.max, 5);
  const raw = Number(runtime.get(node.bind) ?? 0);
  const score = Number.isFinite(raw) ? Math.max(0, Math.min(max, Math.round(raw))) : 0;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (n: number) => {
    if (node.readOnly) return;
    runtime.setState(node.bind, n);
    if (node.onChange) void runtime.run(node.onChange, { result: n });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = Math.max(1, Math.min(max, (score || 0) + step));
    choose(next);
    refs.current[next - 1]?.focus();
  };

  return (
    <div
      id={node.id}
      className="sdui-stars"
      role="radiogroup"
      aria-labelledby={labelId}
      aria-readonly={node.readOnly || undefined}
      onKeyDown={onKeyDown}
    >
      <span id={labelId} className="sdui-visually-hidden">
        {runtime.t(node.label)}
      </span>
      {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={n === score}
          aria-label={runtime.t('widget.starRating.star', { n, max })}
          tabIndex={n === (score || 1) ? 0 : -1}
          className={`sdui-stars__star${n <= score ? ' sdui-stars__star--on' : ''}`}
          onClick={() => choose(n)}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default StarRating;
