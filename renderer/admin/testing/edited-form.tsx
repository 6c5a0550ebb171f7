/**
 * A property form under test, held like the editor holds it: each change replaces the element, and every element
 * handed back is recorded (`changes`), so a test reads what an ops edit produced.
 */
import { useState } from 'react';
import { render } from '@testing-library/react';
import ElementForm from '../editor/ElementForm';
import type { EditorContext } from '../editor/editor-context';
import type { Problem } from '../editor/fields/form-context';
import type { Family } from '../editor/schema-catalog';

export function renderEditedForm(
  family: Family,
  element: Record<string, unknown>,
  context: EditorContext,
  problems: Problem[] = [],
) {
  const changes: Record<string, unknown>[] = [];
  function Held() {
    const [el, setEl] = useState(element);
    const name = String(el[family === 'node' ? 'type' : family === 'action' ? 'action' : 'section']);
    return (
      <ElementForm
        element={el}
        family={family}
        name={name}
        problems={problems}
        context={context}
        onChange={(next) => {
          changes.push(next);
          setEl(next);
        }}
      />
    );
  }
  const view = render(<Held />);
  return { ...view, changes, last: () => changes[changes.length - 1] };
}
