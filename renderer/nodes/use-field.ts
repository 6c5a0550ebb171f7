import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { FieldRule } from '../../schemas/generated/types';
import { useRuntime } from '../runtime/runtime-context';
import { firstBrokenRule } from './field-rules';

/** The id of the enclosing form node; fields outside a form register nowhere. */
export const FormIdContext = createContext<string | null>(null);

interface FieldNode {
  bind: string;
  rules?: FieldRule[];
  disabled?: string;
}

/**
 * State binding, rule registration and the inline error of one field. The value lives in screen state
 * at `bind` (so actions and expressions see it); the error shows after the borrower leaves the field
 * or when the form is validated, in the borrower's language.
 */
export function useField<V = unknown>(node: FieldNode) {
  const runtime = useRuntime();
  const formId = useContext(FormIdContext);
  const value = runtime.get(node.bind) as V;
  const [error, setError] = useState<string | null>(null);
  const dirty = useRef(false);
  const latest = useRef({ value, runtime, rules: node.rules });
  latest.current = { value, runtime, rules: node.rules };

  useEffect(() => {
    if (!formId) return;
    return runtime.forms.register(formId, {
      name: node.bind,
      validate() {
        const { value: v, runtime: rt, rules } = latest.current;
        const key = firstBrokenRule(rules, v, rt);
        const message = key ? rt.t(key) : null;
        setError(message);
        return message;
      },
    });
    // Registration is per form and field path; the rules and value are read through the ref.
  }, [formId, node.bind, runtime.forms]);

  const disabled = node.disabled ? Boolean(runtime.evaluate(node.disabled)) : false;

  return {
    runtime,
    value,
    disabled,
    error,
    setValue(next: unknown) {
      dirty.current = true;
      runtime.setState(node.bind, next);
      // A fixed field loses its old error at once; a new error waits for blur.
      if (error && !firstBrokenRule(node.rules, next, runtime)) setError(null);
    },
    onBlur() {
      // An untouched field stays quiet until the form is validated.
      if (!dirty.current) return;
      const key = firstBrokenRule(node.rules, latest.current.value, latest.current.runtime);
      if (key || error) setError(key ? runtime.t(key) : null);
    },
  };
}
