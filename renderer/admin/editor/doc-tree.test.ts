import { describe, expect, it } from 'vitest';
import entry from '../../../screens/pages/complaints/complaint-entry.json';
import gallery from '../../../screens/pages/developer/gallery.json';
import idTexts from '../../../screens/texts/id-ID.json';
import landing from '../../../screens/templates/default.json';
import { validateDocument } from '../../core/validation/validate-document';
import {
  duplicate,
  indent,
  insert,
  insertTargets,
  move,
  moveDown,
  moveUp,
  outdent,
  outlineRows,
  remove,
} from './doc-tree';
import type { Edit } from './doc-tree';
import { getAt } from './json-pointer';
import { catalog, type Catalog } from './schema-catalog';

const texts = (idTexts as { texts: Record<string, string> }).texts;
const STACK = '/body/0/children/0';
const LINK_ROW = `${STACK}/children/0`;
const CARD = `${STACK}/children/1`;
const LIST = `${STACK}/children/2`;

function ok(e: Edit): { doc: unknown; selected: string } {
  if ('error' in e) throw new Error(`refused: ${e.error}`);
  return e;
}
const types = (doc: unknown, slot: string) => (getAt(doc, slot) as { type: string }[]).map((n) => n.type);

describe('outlineRows on real screens', () => {
  const rows = outlineRows(entry, catalog, texts, new Map([[CARD, 2]]));

  it('lists every node depth first, with type, copy in the console locale, when and problems', () => {
    expect(rows[0]).toMatchObject({ pointer: '/body/0', depth: 1, name: 'page', slot: '/body', index: 0 });
    const link = rows.find((r) => r.name === 'link')!;
    expect(link).toMatchObject({ pointer: `${LINK_ROW}/children/0`, depth: 4, label: texts['complaint.myComplaints'] });
    const card = rows.find((r) => r.pointer === CARD)!;
    expect(card).toMatchObject({
      when: 'state.order',
      problems: 2,
      container: true,
      label: texts['complaint.orderCard'],
    });
    expect(rows.find((r) => r.pointer === `${LIST}/empty/0`)).toMatchObject({ slotProp: 'empty', parent: LIST });
    expect(rows.find((r) => r.name === 'detail-lines')).toMatchObject({
      container: false,
      label: '{{ state.order.rows }}',
    });
    expect(rows.every((r) => !r.locked)).toBe(true);
  });

  it('finds the nodes of every slot the schemas declare, tab panels included', () => {
    const all = outlineRows(gallery, catalog, texts);
    const count = (v: unknown): number =>
      Array.isArray(v)
        ? v.reduce((n: number, x) => n + count(x), 0)
        : v && typeof v === 'object'
          ? (typeof (v as { type?: unknown }).type === 'string' &&
            catalog.get('node', String((v as { type: string }).type))
              ? 1
              : 0) +
            Object.entries(v)
              .filter(
                ([k]) => !['onClick', 'onLoad', 'onChange', 'onSubmit', 'onSuccess', 'onError', 'state'].includes(k),
              )
              .reduce((n, [, x]) => n + count(x), 0)
          : 0;
    expect(all.length).toBe(count((gallery as { body: unknown }).body));
    const inTab = all.find((r) => /\/tabs\/\d+\/children\/\d+$/.test(r.pointer))!;
    expect(inTab.slotProp).toBe(`tabs[${/\/tabs\/(\d+)\/children\/\d+$/.exec(inTab.pointer)![1]}].children`);
    for (const r of all) expect(catalog.familyOf(getAt(gallery, r.pointer))).toBe('node');
  });
});

describe('structural edits on complaint-entry', () => {
  it('moves My complaints below the problem types, by keyboard steps or one move, and the result is valid', () => {
    let doc: unknown = entry;
    let at = LINK_ROW;
    for (let i = 0; i < 3; i++) ({ doc, selected: at } = ok(moveDown(doc, at, catalog)));
    expect(at).toBe(`${STACK}/children/3`);
    expect(types(doc, `${STACK}/children`)).toEqual(['card', 'list', 'choice-list', 'row', 'choice-list']);
    expect(ok(move(entry, LINK_ROW, `${STACK}/children`, 4, catalog)).doc).toEqual(doc);
    expect(validateDocument('screen', doc)).toEqual([]);
    expect((doc as typeof entry).onLoad).toBe(entry.onLoad);
    expect(ok(moveUp(doc, at, catalog)).selected).toBe(`${STACK}/children/2`);
  });

  it('refuses moving past either end, with a sentence', () => {
    expect(moveUp(entry, LINK_ROW, catalog)).toEqual({
      error: expect.stringMatching(/already the first in the "children" of stack/),
    });
    expect(moveDown(entry, `${STACK}/children/4`, catalog)).toEqual({
      error: expect.stringMatching(/already the last/),
    });
  });

  it('indents into the previous sibling (at the end of its first slot) and outdents back to the same document', () => {
    const { doc, selected } = ok(indent(entry, CARD, catalog));
    expect(selected).toBe(`${LINK_ROW}/children/1`);
    expect(types(doc, `${LINK_ROW}/children`)).toEqual(['link', 'card']);
    const back = ok(outdent(doc, selected, catalog));
    expect(back).toEqual({ doc: entry, selected: `${STACK}/children/1` });
    expect(indent(entry, LINK_ROW, catalog)).toEqual({ error: expect.stringMatching(/no element above/) });
    expect(indent(entry, `${LINK_ROW}/children/0`, catalog)).toMatchObject({ error: expect.any(String) });
    expect(outdent(entry, '/body/0', catalog)).toEqual({ error: 'It is already at the top level.' });
  });

  it('indents into a list: its item template is its first slot', () => {
    const { doc, selected } = ok(indent(entry, `${STACK}/children/3`, catalog));
    expect(selected).toBe(`${LIST}/itemTemplate/1`);
    expect(validateDocument('screen', doc)).toEqual([]);
  });

  it('moves across containers and adjusts the target for the removal', () => {
    const { doc, selected } = ok(move(entry, LINK_ROW, `${LIST}/empty`, 0, catalog));
    expect(selected).toBe(`${STACK}/children/1/empty/0`);
    expect(getAt(doc, selected)).toBe(getAt(entry, LINK_ROW));
    expect(move(entry, STACK, `${CARD}/children`, 0, catalog)).toEqual({
      error: 'An element cannot go inside itself.',
    });
    expect(move(entry, CARD, '/title', 0, catalog)).toMatchObject({ error: expect.stringMatching(/takes elements/) });
  });

  it('removes and selects the next sibling, else the previous, else the container', () => {
    const a = ok(remove(entry, CARD, catalog));
    expect(a.selected).toBe(CARD);
    expect(types(a.doc, `${STACK}/children`)).toEqual(['row', 'list', 'choice-list', 'choice-list']);
    expect(ok(remove(entry, `${STACK}/children/4`, catalog)).selected).toBe(`${STACK}/children/3`);
    expect(ok(remove(entry, `${LIST}/empty/0`, catalog)).selected).toBe(LIST);
  });

  it('duplicates after the original with unique ids, and the result is valid', () => {
    const { doc, selected } = ok(duplicate(entry, CARD, catalog));
    expect(selected).toBe(`${STACK}/children/2`);
    expect(getAt(doc, `${selected}/id`)).toBe('selected-order-copy');
    expect(getAt(ok(duplicate(doc, CARD, catalog)).doc, `${STACK}/children/2/id`)).toBe('selected-order-copy2');
    expect(validateDocument('screen', doc)).toEqual([]);
  });

  it('inserts at the selection: inside a container, or after the selected node', () => {
    expect(insertTargets(entry, CARD, catalog)).toEqual([
      { slot: `${CARD}/children`, index: 2, label: 'inside, at the end of "children" of card' },
      { slot: `${STACK}/children`, index: 2, label: 'after this card in the "children" of stack' },
    ]);
    expect(insertTargets(entry, '', catalog)).toEqual([
      { slot: '/body', index: 1, label: 'at the end of "body" of the screen' },
    ]);
    const image = catalog.skeleton('node', 'image');
    const { doc, selected } = ok(insert(entry, `${STACK}/children`, 1, image, catalog));
    expect(selected).toBe(CARD);
    expect(getAt(doc, `${STACK}/children/2/id`)).toBe('selected-order');
    expect(insert(entry, `${STACK}/children`, 0, { action: 'toast', message: 'x' }, catalog)).toMatchObject({
      error: expect.stringMatching(/holds nodes/),
    });
  });
});

describe('slot rules from the catalog', () => {
  /** A catalog over route maps: each route is an element of type = its screen (the real route-map schema decides). */
  const routes: Catalog = {
    ...catalog,
    familyOf: (el) =>
      el && typeof el === 'object' && typeof (el as { screen?: unknown }).screen === 'string' ? 'node' : undefined,
    discriminator: () => 'screen',
    get: (family, name) => ({
      family,
      name,
      title: name,
      description: '',
      schema: {},
      slots: [],
      lists: [],
      required: [],
    }),
    rootSlots: (kind) =>
      kind === 'route-map' ? [{ prop: 'routes', many: true, family: 'node', accepts: ['home', 'help'] }] : [],
  };
  const map = (...screens: string[]) => ({
    kind: 'route-map',
    id: 'routes',
    schemaVersion: 1,
    routes: screens.map((screen, i) => ({ path: `/p${i}`, screen })),
  });

  it('refuses a type the slot does not accept, naming what it takes', () => {
    expect(insert(map('home'), '/routes', 0, { path: '/x', screen: 'other' }, routes)).toEqual({
      error: 'The "routes" of the route-map takes only home, help: not other.',
    });
    expect(ok(insert(map('home'), '/routes', 9, { path: '/x', screen: 'help' }, routes)).selected).toBe('/routes/1');
  });

  it("locks an element its container's schema needs (minItems here), and reorders it freely", () => {
    const rows = outlineRows(map('home'), routes, {});
    expect(rows[0].locked).toMatch(/"routes" of the route-map needs it: \/routes must NOT have fewer than 1 items/);
    expect(remove(map('home'), '/routes/0', routes)).toEqual({
      error: expect.stringMatching(/^It cannot be removed\. /),
    });
    expect(outlineRows(map('home', 'help'), routes, {}).every((r) => !r.locked)).toBe(true);
    expect(ok(moveDown(map('home', 'help'), '/routes/0', routes)).selected).toBe('/routes/1');
  });
});

describe('landing templates: sections around the one registration form', () => {
  const template = () => structuredClone(landing) as Record<string, unknown>;

  it('locks the registration section where it is, but lets sections be added and reordered around it', () => {
    const rows = outlineRows(template(), catalog, texts);
    const reg = rows.find((r) => r.name === 'registration')!;
    expect(reg).toMatchObject({ family: 'landing-section', slot: '/sections', depth: 1 });
    expect(reg.locked).toMatch(/"sections" of the landing-template needs it: \/sections/);
    expect(remove(template(), reg.pointer, catalog)).toEqual({
      error: expect.stringMatching(/^It cannot be removed\./),
    });

    const others = catalog.types('landing-section').filter((t) => t.name !== 'registration');
    expect(others.length).toBeGreaterThan(0);
    let doc: unknown = template();
    for (const t of others)
      doc = ok(insert(doc, '/sections', 0, catalog.skeleton('landing-section', t.name), catalog)).doc;
    expect(validateDocument('landing-template', doc)).toEqual([]);
    const last = `/sections/${others.length}`;
    const { doc: moved, selected } = ok(moveUp(doc, last, catalog));
    expect(getAt(moved, `${selected}/section`)).toBe('registration');
    expect(validateDocument('landing-template', moved)).toEqual([]);
    expect(
      outlineRows(moved, catalog, texts)
        .filter((r) => r.locked)
        .map((r) => r.pointer),
    ).toEqual([selected]);
    expect(insert(doc, '/sections', 0, catalog.skeleton('node', 'text'), catalog)).toMatchObject({
      error: 'The "sections" of the landing-template holds sections, not nodes.',
    });
  });
});

describe('slots inside plain objects', () => {
  it('inserts into a tab panel the tab does not have yet, and the screen stays valid', () => {
    const doc = {
      kind: 'screen',
      id: 'tabs-demo',
      schemaVersion: 1,
      title: 'title.gallery',
      body: [{ type: 'tabs', label: 'title.gallery', tabs: [{ label: 'title.gallery' }, { label: 'title.gallery' }] }],
    };
    const targets = insertTargets(doc, '/body/0', catalog).map((t) => t.slot);
    expect(targets).toEqual(
      expect.arrayContaining(['/body/0/tabs/0/children', '/body/0/tabs/1/children', '/body/0/panel']),
    );
    const { doc: next, selected } = ok(
      insert(doc, '/body/0/tabs/1/children', 0, catalog.skeleton('node', 'text'), catalog),
    );
    expect(selected).toBe('/body/0/tabs/1/children/0');
    expect(validateDocument('screen', next)).toEqual([]);
    expect(outlineRows(next, catalog, texts).map((r) => [r.pointer, r.slotProp])).toEqual([
      ['/body/0', ''],
      ['/body/0/tabs/1/children/0', 'tabs[1].children'],
    ]);
  });
});
