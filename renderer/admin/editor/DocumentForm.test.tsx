import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEditorContext } from '../testing/fake-editor-context';
import DocumentForm from './DocumentForm';

const screens = import.meta.glob<Record<string, unknown>>('../../../screens/pages/**/*.json', {
  eager: true,
  import: 'default',
});
const templates = import.meta.glob<Record<string, unknown>>('../../../screens/templates/*.json', {
  eager: true,
  import: 'default',
});
const { context } = fakeEditorContext();

describe("the document's own fields", () => {
  it.each(
    Object.entries({ ...screens, ...templates }).map(([file, doc]) => ({
      file: file.replace(/^.*screens\//, ''),
      doc,
    })),
  )('$file: the form opens without changing the document and hides what names it', async ({ doc }) => {
    const onChange = vi.fn();
    const kind = String(doc.kind);
    const { container } = render(
      <DocumentForm kind={kind} doc={structuredClone(doc)} problems={[]} context={context} onChange={onChange} />,
    );
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(onChange).not.toHaveBeenCalled();
    for (const fixed of ['id', 'schemaVersion', 'kind'])
      expect(container.querySelector<HTMLInputElement>(`[id="doc_${fixed}"]`)?.type ?? 'hidden').toBe('hidden');
    if (kind === 'screen') {
      expect(container.querySelector('[id="doc_title"]')).not.toBeNull();
      expect(container.querySelector('[id^="doc_body"]')).toBeNull();
    }
  });
});
