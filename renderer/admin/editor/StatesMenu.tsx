/**
 * The states menu of the canvas: puts the preview in one state the screen can be in — a `when` branch
 * shown, a modal open, a list empty, a first call failed — listed from the draft itself (preview-states.ts).
 * The choice is sent to the frame as overrides; "As loaded" sends none. When the draft no longer has the chosen
 * element, the menu falls back to "As loaded".
 */
import { useEffect, useId, useMemo } from 'react';
import type { PreviewOverride } from '../../runtime/preview/preview-messages';
import { previewStates, type PreviewStateOption } from './preview-states';
import type { Catalog } from './schema-catalog';

interface Props {
  doc: unknown;
  catalog: Catalog;
  value: PreviewOverride[];
  onChange(overrides: PreviewOverride[]): void;
}

const keyOf = (o: PreviewOverride) => `${o.state} ${o.pointer}`;
const GROUPS: PreviewStateOption['group'][] = ['Branches', 'Modals', 'Lists', 'Calls'];

export default function StatesMenu({ doc, catalog, value, onChange }: Props) {
  const id = useId();
  const options = useMemo(() => previewStates(doc, catalog), [doc, catalog]);
  const chosen = value[0] ? keyOf(value[0]) : '';
  const gone = chosen !== '' && !options.some((o) => keyOf(o.override) === chosen);
  useEffect(() => {
    if (gone) onChange([]);
  }, [gone, onChange]);
  return (
    <span className="states-menu">
      <label htmlFor={id}>Preview state</label>{' '}
      <select
        id={id}
        value={gone ? '' : chosen}
        onChange={(e) => {
          const o = options.find((x) => keyOf(x.override) === e.target.value);
          onChange(o ? [o.override] : []);
        }}
      >
        <option value="">As loaded</option>
        {GROUPS.map((g) => {
          const inGroup = options.filter((o) => o.group === g);
          return inGroup.length ? (
            <optgroup key={g} label={g}>
              {inGroup.map((o) => (
                <option key={keyOf(o.override)} value={keyOf(o.override)}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ) : null;
        })}
      </select>
    </span>
  );
}
