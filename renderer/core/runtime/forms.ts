import type { FormField, Forms } from './contract';

/** Fields register their rules under a form id; `validate` asks each in registration order. */
export function createForms(): Forms {
  const byForm = new Map<string, Set<FormField>>();
  return {
    register(formId, field) {
      let set = byForm.get(formId);
      if (!set) byForm.set(formId, (set = new Set()));
      set.add(field);
      return () => {
        set.delete(field);
      };
    },
    validate(formId) {
      const out: string[] = [];
      for (const f of byForm.get(formId) ?? []) {
        const msg = f.validate();
        if (msg) out.push(msg);
      }
      return out;
    },
  };
}
