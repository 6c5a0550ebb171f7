import { describe, expect, it } from 'vitest';
import { validateAction, validateNode } from '../../../schemas/generated/validators.js';
import nodeRoot from '../../../schemas/node.json';
import actionRoot from '../../../schemas/action.json';
import { catalog, slotPointers } from './schema-catalog';

const fileName = (ref: string) =>
  ref
    .split('/')
    .pop()!
    .replace(/\.json$/, '');

describe('schema catalog', () => {
  it('lists one type per line of node.json and action.json, named by the discriminator value', () => {
    expect(catalog.types('node').map((t) => t.name)).toEqual(nodeRoot.oneOf.map((b) => fileName(b.$ref)));
    expect(catalog.types('action')).toHaveLength(actionRoot.oneOf.length);
    expect(catalog.get('action', 'closeModal')?.schema.$id).toMatch(/actions\/close-modal\.json$/);
    expect(catalog.discriminator('node')).toBe('type');
    expect(catalog.discriminator('action')).toBe('action');
    expect(catalog.discriminator('landing-section')).toBe('section');
    const image = catalog.get('node', 'image')!;
    expect(image.title).toBe('ImageNode');
    expect(image.description).not.toBe('');
    expect(image.required).toContain('src');
  });

  it('derives slots from the schemas: any node in children, tab panels by index, actions kept out', () => {
    const card = catalog.get('node', 'card')!;
    expect(card.slots).toEqual([{ prop: 'children', many: true, family: 'node', accepts: 'any' }]);
    expect(card.lists.find((l) => l.prop === 'onClick')).toMatchObject({ family: 'action', accepts: 'any' });
    const tabs = catalog.get('node', 'tabs')!;
    expect(tabs.slots.map((s) => s.prop).sort()).toEqual(['panel', 'tabs/*/children']);
    expect(catalog.get('node', 'list')!.slots.map((s) => s.prop)).toEqual(['itemTemplate', 'empty']);
    expect(catalog.get('node', 'text')!.slots).toEqual([]);
    expect(catalog.get('action', 'if')!.lists.map((l) => l.prop)).toEqual(['then', 'else']);
    expect(catalog.rootSlots('screen')).toEqual([{ prop: 'body', many: true, family: 'node', accepts: 'any' }]);
    expect(catalog.rootSlots('market')).toEqual([]);
  });

  it('expands a nested slot into the pointers of the element at hand', () => {
    const tabs = catalog.get('node', 'tabs')!;
    const nested = tabs.slots.find((s) => s.prop.includes('*'))!;
    const el = { type: 'tabs', label: 'a', tabs: [{ label: 'a' }, { label: 'b', children: [] }] };
    expect(slotPointers(el, nested)).toEqual(['/tabs/0/children', '/tabs/1/children']);
    expect(slotPointers({ type: 'tabs' }, nested)).toEqual([]);
    expect(
      slotPointers(
        el,
        tabs.slots.find((s) => s.prop === 'panel')!,
      ),
    ).toEqual(['/panel']);
  });

  it('tells families apart by their discriminator', () => {
    expect(catalog.familyOf({ type: 'text', key: 'a' })).toBe('node');
    expect(catalog.familyOf({ action: 'navigate', to: '/' })).toBe('action');
    expect(catalog.familyOf({ type: 'Repayment' })).toBeUndefined();
    expect(catalog.familyOf([{ type: 'text' }])).toBeUndefined();
  });

  it('resolves refs relative to the schema file, and names a broken one', () => {
    const button = catalog.get('node', 'button')!;
    expect(catalog.resolve(button.schema, '../common/text-key.json').title).toBe('TextKey');
    expect(catalog.resolve(button.schema, '#/properties/variant').enum).toContain('primary');
    expect(() => catalog.resolve(button.schema, '../common/nope.json')).toThrow(/nope\.json/);
  });

  it('finds each type its first gallery instance as example', () => {
    for (const t of catalog.types('node')) expect(t.example?.type, t.name).toBe(t.name);
    for (const t of catalog.types('action')) expect(t.example?.action, t.name).toBe(t.name);
  });

  it('gives every node and action type a smallest element that validates', () => {
    for (const t of catalog.types('node')) {
      const el = catalog.skeleton('node', t.name);
      expect(validateNode(el) ? [] : validateNode.errors, t.name).toEqual([]);
      for (const s of t.slots) if (!s.prop.includes('*') && s.prop in el) expect(el[s.prop], t.name).toEqual([]);
    }
    for (const t of catalog.types('action')) {
      const el = catalog.skeleton('action', t.name);
      expect(validateAction(el) ? [] : validateAction.errors, t.name).toEqual([]);
    }
    const v = catalog.validator('landing-section');
    for (const t of catalog.types('landing-section'))
      expect(v?.(catalog.skeleton('landing-section', t.name)), t.name).toBe(true);
  });

  it('keeps skeletons small and hands out copies', () => {
    const text = catalog.skeleton('node', 'text');
    expect(Object.keys(text).sort()).toEqual(['key', 'type']);
    expect(catalog.skeleton('node', 'divider')).toEqual({ type: 'divider' });
    // Taken from the gallery's tabs, without the panels' content the gallery shows.
    const tabs = catalog.skeleton('node', 'tabs') as { tabs: Array<Record<string, unknown>> };
    expect(tabs.tabs.length).toBeGreaterThan(0);
    expect(tabs.tabs.every((t) => !('children' in t))).toBe(true);
    text.key = 'changed';
    expect(catalog.skeleton('node', 'text').key).not.toBe('changed');
    expect(() => catalog.skeleton('node', 'nope')).toThrow(/nope/);
  });
});
