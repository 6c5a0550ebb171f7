import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';

export const Modal: Widget<'modal'> = ({ node }) => {
  const runtime = useRuntime();
  const titleId = `m${useId().replace(/:/g, '')}`;
  const open = Boolean(runtime.get(`$modals.${node.id}`));
  const dialogRef = useRef<HTMLDivElement>(null);
  const maskClosable = node.maskClosable ?? true;

  // Move focus into the dialog when it opens and give it back when it closes.
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => before?.focus?.();
  }, [open]);

  if (!open) return null;
  const close = () => {
    runtime.setState(`$modals.${node.id}`, false);
    if (node.onClose) void runtime.run(node.onClose);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // A blocking dialog (the agreement popup) must be answered with its own buttons.
    if (e.key === 'Escape' && maskClosable) {
      e.stopPropagation();
      close();
    }
  };
  return (
    <div
      className="sdui-modal__mask"
      onClick={(e) => e.target === e.currentTarget && maskClosable && close()}
      data-testid={`modal-mask-${node.id}`}
    >
      <div
        ref={dialogRef}
        id={node.id}
        className="sdui-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={node.hideTitle ? 'sdui-visually-hidden' : 'sdui-modal__title'}>
          {runtime.t(node.title)}
        </h2>
        {nodeElements(node.children)}
      </div>
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Modal;
