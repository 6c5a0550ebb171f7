import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';

export const Page: Widget<'page'> = ({ node }) => {
  const runtime = useRuntime();
  return (
    <div id={node.id} className="sdui-page">
      <header className="sdui-page__bar">
        {node.onBack ? (
          <button
            type="button"
            className="sdui-page__back"
            aria-label={runtime.t(node.backLabel ?? 'widget.back')}
            onClick={() => void runtime.run(node.onBack)}
          >
            <span aria-hidden="true">‹</span>
          </button>
        ) : null}
        <h1 className="sdui-page__title">{runtime.t(node.title)}</h1>
      </header>
      <main className="sdui-page__body">{nodeElements(node.children)}</main>
    </div>
  );
};
