/**
 * The element's problems placed on the form: each at its field as an @rjsf error (`extraErrors`), or, when no
 * field shows that place (a missing property, the element itself), in the list above the form. Problems inside a
 * child slot belong to the child node (the outline shows them there); those inside an action step go to the step's
 * own form.
 */
import type { ErrorSchema } from '@rjsf/utils';
import type { Problem } from './fields/form-context';
import type { FormSchema } from './form-schema';

const tokens = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

export interface PlacedProblems {
  extraErrors: ErrorSchema;
  /** Problems with no field of their own, shown above the form. */
  unplaced: Problem[];
}

export function placeProblems(problems: Problem[], form: FormSchema): PlacedProblems {
  const extraErrors: Record<string, unknown> = {};
  const unplaced: Problem[] = [];
  for (const p of problems) {
    const path = tokens(p.pointer);
    const top = path[0];
    if (top === undefined || !form.shown.has(top)) {
      // Inside a hidden child slot: the child node's problem, not this form's.
      const inChild = top !== undefined && path.length > 1 && form.schema.properties?.[top] !== undefined;
      if (!inChild) unplaced.push(p);
      continue;
    }
    // Below a step of an action list: the step's form shows it.
    if (form.actionLists.has(top) && path.length > 1) continue;
    let node = extraErrors;
    for (const t of path) node = (node[t] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), p.message];
  }
  return { extraErrors: extraErrors as ErrorSchema, unplaced };
}
