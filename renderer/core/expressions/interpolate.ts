/** `{name}` placeholders of a text set entry. */
export function interpolate(copy: string, args?: Record<string, unknown>): string {
  if (!args) return copy;
  return copy.replace(/\{(\w+)\}/g, (m, name: string) =>
    Object.hasOwn(args, name) && args[name] != null ? String(args[name]) : m,
  );
}
