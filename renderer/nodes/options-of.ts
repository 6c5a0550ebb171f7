import type { Runtime } from '../runtime/contract';
import { asList, displayValue, pick } from './text-of';

export interface Option {
  value: unknown;
  label: string;
  /** The data item (or the static option) the option came from; actions see it as `item`. */
  item: unknown;
}

interface OptionsNode {
  options?: { value: string | number; label: string }[];
  items?: string;
  valueField?: string;
  labelField?: string;
}

/** Static options by text key, or options from a data list. */
export function optionsOf(runtime: Runtime, node: OptionsNode): Option[] {
  if (node.options) return node.options.map((o) => ({ value: o.value, label: runtime.t(o.label), item: o }));
  return asList(runtime.resolve(node.items)).map((item) => ({
    value: pick(item, node.valueField ?? 'value'),
    label: displayValue(pick(item, node.labelField ?? 'title')),
    item,
  }));
}

/** Stored values may come back from the server as '1' where the option says 1. */
export const sameValue = (a: unknown, b: unknown) =>
  a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b);
