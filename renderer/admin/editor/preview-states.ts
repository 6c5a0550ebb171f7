/**
 * The states a screen (or landing template) can be in, read from the document and the schemas: each
 * element with a `when` (its branch shown), each modal (open), each list (empty), each call of the screen's
 * `onLoad` (failed). What counts as a modal, a list or a call comes from the schema of the element's type, never
 * from a list of type names: a node type described as shown by `state.$modals.<id>`, a node type with an `empty`
 * slot (the nodes drawn when there are no items), an action type with an `endpoint`. The frame draws the chosen
 * state with the real widgets (`renderer/runtime/preview-overrides.ts`).
 */
import type { PreviewOverride } from '../../runtime/preview/preview-messages';
import { escapeToken } from './json-pointer';
import type { Catalog, ElementType } from './schema-catalog';

export interface PreviewStateOption {
  group: 'Branches' | 'Modals' | 'Lists' | 'Calls';
  label: string;
  override: PreviewOverride;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const isModal = (t: ElementType) => /\$modals\b/.test(t.description);
const isList = (t: ElementType) => t.slots.some((s) => s.prop === 'empty');
const callsEndpoint = (t: ElementType) => !!(t.schema as { properties?: Record<string, unknown> }).properties?.endpoint;

/** `list #orders`, else `list at /body/2`. */
const named = (name: string, el: Obj, pointer: string) =>
  typeof el.id === 'string' && el.id ? `${name} #${el.id}` : `${name} at ${pointer}`;

export function previewStates(doc: unknown, catalog: Catalog): PreviewStateOption[] {
  const out: PreviewStateOption[] = [];
  const walk = (v: unknown, pointer: string) => {
    if (Array.isArray(v)) return v.forEach((c, i) => walk(c, `${pointer}/${i}`));
    if (!isObj(v)) return;
    const family = catalog.familyOf(v);
    const name = family ? String(v[catalog.discriminator(family)]) : '';
    const type = family ? catalog.get(family, name) : undefined;
    if (type && family !== 'action') {
      if (typeof v.when === 'string')
        out.push({
          group: 'Branches',
          label: `${named(name, v, pointer)} shown (when ${v.when})`,
          override: { state: 'shown', pointer },
        });
      if (isModal(type) && typeof v.id === 'string')
        out.push({ group: 'Modals', label: `${name} #${v.id} open`, override: { state: 'modal-open', pointer } });
      if (isList(type))
        out.push({
          group: 'Lists',
          label: `${named(name, v, pointer)} empty`,
          override: { state: 'list-empty', pointer },
        });
    } else if (type && pointer.startsWith('/onLoad/') && callsEndpoint(type) && typeof v.endpoint === 'string') {
      out.push({
        group: 'Calls',
        label: `${v.endpoint} fails (${pointer})`,
        override: { state: 'call-failed', pointer },
      });
    }
    for (const [k, c] of Object.entries(v)) walk(c, `${pointer}/${escapeToken(k)}`);
  };
  walk(doc, '');
  return out;
}
