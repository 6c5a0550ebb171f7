/**
 * How the screens use each text key, for the checks that depend on it (args parity, length). A node's text-key props
 * are found from its schema (`$ref` to common/text-key.json), so a new node type needs no change here; its `args`
 * are what every text key of that node is formatted with (the renderer passes the node's args to its copy), and a
 * prop's `x-copyMaxChars` annotation is the slot's limit.
 */
import { readSchemaFiles, type SchemaFile } from '../load-schemas.js';
import type { KeyUse } from './copy-finding.js';

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

interface Slot {
  prop: string;
  maxChars?: number;
  /**
   * The node declares `args` (its copy is formatted with them); otherwise the component passes its own (a countdown's
   * `{seconds}`), which no document says: the use's args are unknown.
   */
  takesArgs: boolean;
}

/** Node type → its text-key props, from schemas/nodes/*.json. */
export function textSlotsByType(files: SchemaFile[] = readSchemaFiles()): Map<string, Slot[]> {
  const out = new Map<string, Slot[]>();
  for (const f of files) {
    if (!f.file.startsWith('nodes/')) continue;
    const props = (f.schema.properties ?? {}) as Record<string, Obj>;
    const type = (props.type as { const?: string } | undefined)?.const;
    if (!type) continue;
    const slots = Object.entries(props)
      .filter(([, p]) => typeof p.$ref === 'string' && p.$ref.endsWith('common/text-key.json'))
      .map(([prop, p]) => ({
        prop,
        takesArgs: 'args' in props,
        ...(typeof p['x-copyMaxChars'] === 'number' ? { maxChars: p['x-copyMaxChars'] } : {}),
      }));
    out.set(type, slots);
  }
  return out;
}

let cachedSlots: Map<string, Slot[]> | undefined;

/** `t('key')` / `t("key")` in an expression or template: a use whose args this reader cannot know. */
const T_CALL = /(?:^|[^A-Za-z0-9_$.])t\(\s*(['"])([^'"]+)\1/g;

/**
 * Uses of the given keys across documents (screens, landing templates). A key that also appears where no node slot
 * declares it (an action's message, a `t()` call) gets `args: undefined`: what it is passed there is unknown.
 */
export function copyUses(documents: unknown[], keys: Set<string>, slots = (cachedSlots ??= textSlotsByType())) {
  const uses = new Map<string, { args: string[][]; maxChars?: number; unknown: boolean }>();
  const slotted = new Map<string, number>();
  const seen = new Map<string, number>();
  const entry = (key: string) => {
    let e = uses.get(key);
    if (!e) uses.set(key, (e = { args: [], unknown: false }));
    return e;
  };
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (keys.has(v)) seen.set(v, (seen.get(v) ?? 0) + 1);
      for (const m of v.matchAll(T_CALL)) if (keys.has(m[2]!)) entry(m[2]!).unknown = true;
      return;
    }
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isObject(v)) return;
    const nodeSlots = typeof v.type === 'string' ? slots.get(v.type) : undefined;
    for (const slot of nodeSlots ?? []) {
      const key = v[slot.prop];
      if (typeof key !== 'string' || !keys.has(key)) continue;
      const e = entry(key);
      if (slot.takesArgs) e.args.push(isObject(v.args) ? Object.keys(v.args) : []);
      else e.unknown = true;
      if (slot.maxChars !== undefined) e.maxChars = Math.min(e.maxChars ?? Infinity, slot.maxChars);
      slotted.set(key, (slotted.get(key) ?? 0) + 1);
    }
    Object.values(v).forEach(walk);
  };
  documents.forEach(walk);
  const out = new Map<string, KeyUse>();
  for (const key of new Set([...uses.keys(), ...seen.keys()])) {
    const e = uses.get(key);
    const known = e && !e.unknown && (seen.get(key) ?? 0) <= (slotted.get(key) ?? 0);
    out.set(key, {
      ...(known && e.args.length ? { args: e.args } : {}),
      ...(e?.maxChars !== undefined ? { maxChars: e.maxChars } : {}),
    });
  }
  return out;
}
