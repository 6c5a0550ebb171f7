/**
 * What every field of a property form reads besides its own value (@rjsf's `formContext`): the editor context, the
 * element being edited (the params rows read its endpoint), its problems, and the element form itself, handed down
 * so the action list editor can draw one form per step without importing it (an import circle otherwise).
 */
import type { ComponentType, RefObject } from 'react';
import type Form from '@rjsf/core';
import type { DocumentProblem } from '../../../core/validation/document-problem';
import type { EditorContext } from '../editor-context';
import type { Family } from '../schema-catalog';

export type Problem = DocumentProblem;

export interface ElementFormProps {
  element: Record<string, unknown>;
  family: Family;
  name: string;
  /** Problems at pointers relative to the element. */
  problems: Problem[];
  onChange(next: Record<string, unknown>): void;
  context: EditorContext;
  /** Makes the ids of a nested form unique on the page. */
  idPrefix?: string;
  /** The @rjsf form (its `state.formData` is what the form holds: tests compare it with the element). */
  formRef?: RefObject<Form | null>;
}

export interface FormCtx {
  editor: EditorContext;
  element: Record<string, unknown>;
  problems: Problem[];
  idPrefix: string;
  ElementForm: ComponentType<ElementFormProps>;
}

/** `['items', 0, 'onClick']` → `/items/0/onClick` (RFC 6901 escaping). */
export function pointerOf(path: ReadonlyArray<string | number>): string {
  return path.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The problems at or under `prefix`, re-based to it (`/onClick/0/to` under `/onClick/0` → `/to`). */
export function problemsUnder(problems: Problem[], prefix: string): Problem[] {
  return problems
    .filter((p) => p.pointer === prefix || p.pointer.startsWith(`${prefix}/`))
    .map((p) => ({ ...p, pointer: p.pointer.slice(prefix.length) }));
}

/** A short, single-line rendering of a preview value for pickers. */
export function shortValue(v: unknown, max = 40): string {
  if (v === undefined) return '';
  let s: string;
  try {
    s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
