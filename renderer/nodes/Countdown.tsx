import { useEffect, useRef, useState } from 'react';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { formatDuration } from './format';

export const Countdown: Widget<'countdown'> = ({ node }) => {
  const runtime = useRuntime();
  const raw = Number(runtime.resolve(node.seconds));
  const total = Number.isFinite(raw) && raw > 0 ? Math.floor(raw) : 0;
  const [left, setLeft] = useState(total);
  const latest = useRef({ runtime, onEnd: node.onEnd });
  latest.current = { runtime, onEnd: node.onEnd };

  // Restart when the start value changes (data arrived); measure against the clock so a busy
  // main thread or a backgrounded tab does not slow the timer down.
  useEffect(() => {
    setLeft(total);
    if (total <= 0) return;
    const endAt = Date.now() + total * 1000;
    let ended = false;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0 && !ended) {
        ended = true;
        clearInterval(timer);
        void latest.current.runtime.run(latest.current.onEnd);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [total]);

  const time = formatDuration(left, node.format ?? 'mm:ss');
  return (
    <span id={node.id} className="sdui-countdown" role="timer">
      {node.key ? runtime.t(node.key, { time }) : time}
    </span>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Countdown;
