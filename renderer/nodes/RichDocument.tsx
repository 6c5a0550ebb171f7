import type { RichDocumentNode } from '../../schemas/generated/types';
import type { Runtime, Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { resolveArgs } from './text-of';

type Runs = RichDocumentNode['sections'][number]['blocks'][number] extends infer B
  ? B extends { runs: infer R }
    ? R
    : never
  : never;
type Run = {
  text?: string;
  key?: string;
  args?: { [name: string]: string | undefined };
  emphasis?: 'strong' | 'em' | 'underline';
};

/** Legal text is structured data rendered as React text nodes: never HTML, so nothing in it can run. */
function RunsView({ runs, runtime }: { runs: readonly Run[] | Runs | undefined; runtime: Runtime }) {
  return (
    <>
      {((runs ?? []) as readonly Run[]).map((run, i) => {
        // Figures in legal text (terms, fees, days) are arguments bound to the market document, never typed into the copy.
        const text = run.key ? runtime.t(run.key, resolveArgs(runtime, run.args)) : (run.text ?? '');
        if (run.emphasis === 'strong') return <strong key={i}>{text}</strong>;
        if (run.emphasis === 'em') return <em key={i}>{text}</em>;
        if (run.emphasis === 'underline') return <u key={i}>{text}</u>;
        return <span key={i}>{text}</span>;
      })}
    </>
  );
}

export const RichDocument: Widget<'rich-document'> = ({ node }) => {
  const runtime = useRuntime();
  return (
    <article id={node.id} className="sdui-rich-document">
      {node.title ? (
        <h2 className="sdui-rich-document__title">
          <RunsView runs={node.title} runtime={runtime} />
        </h2>
      ) : null}
      {node.sections.map((section, si) => (
        <section key={si} className="sdui-rich-document__section">
          {section.heading ? (
            <h3>
              {node.numbered ? `${si + 1}. ` : ''}
              <RunsView runs={section.heading} runtime={runtime} />
            </h3>
          ) : null}
          {section.blocks.map((block, bi) => {
            if (block.kind === 'heading')
              return (
                <h4 key={bi}>
                  <RunsView runs={block.runs} runtime={runtime} />
                </h4>
              );
            if (block.kind === 'paragraph')
              return (
                <p key={bi}>
                  <RunsView runs={block.runs} runtime={runtime} />
                </p>
              );
            const ListTag = block.ordered ? 'ol' : 'ul';
            return (
              <ListTag key={bi}>
                {block.items.map((runs, ii) => (
                  <li key={ii}>
                    <RunsView runs={runs} runtime={runtime} />
                  </li>
                ))}
              </ListTag>
            );
          })}
        </section>
      ))}
    </article>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default RichDocument;
