/**
 * One row per measured number: value, budget and verdict. The bench prints them as one table
 * and writes them as JSON; budgets live next to the measurement so a reader sees both at once.
 */
export interface Budget {
  op: '<=' | '>=';
  limit: number;
}

export interface Row {
  section: 'bundle' | 'render' | 'server' | 'documents';
  name: string;
  value: number | null;
  unit: string;
  budget?: Budget;
  /** PASS/FAIL against the budget; INFO without one; ERROR when the number could not be measured. */
  status: 'PASS' | 'FAIL' | 'INFO' | 'ERROR';
  note?: string;
}

export function row(
  section: Row['section'],
  name: string,
  value: number | null,
  unit: string,
  budget?: Budget,
  note?: string,
): Row {
  let status: Row['status'] = 'INFO';
  if (value === null || !Number.isFinite(value)) status = 'ERROR';
  else if (budget) status = (budget.op === '<=' ? value <= budget.limit : value >= budget.limit) ? 'PASS' : 'FAIL';
  return { section, name, value: value !== null && Number.isFinite(value) ? value : null, unit, budget, status, note };
}

/** A section that could not run at all still shows up, with the reason. */
export function errorRow(section: Row['section'], name: string, err: unknown): Row {
  const message = err instanceof Error ? err.message : String(err);
  return row(section, name, null, '', undefined, message.split('\n')[0].slice(0, 200));
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return '-';
  if (unit === 'B') return `${(value / 1024).toFixed(1)} KB`;
  if (unit === 'x') return value.toFixed(3);
  if (unit === 'ms') return value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`;
  if (unit === 'MB') return `${value.toFixed(1)} MB`;
  if (unit === 'req/s') return `${Math.round(value)} req/s`;
  return `${value}${unit ? ' ' + unit : ''}`;
}

function formatBudget(b: Budget | undefined, unit: string): string {
  return b ? `${b.op} ${formatValue(b.limit, unit)}` : '';
}

export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.section,
    r.name,
    formatValue(r.value, r.unit),
    formatBudget(r.budget, r.unit),
    r.status,
    r.note ?? '',
  ]);
  const head = ['section', 'row', 'value', 'budget', 'status', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((s, i) => s.padEnd(widths[i]))
      .join(' | ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line)].join('\n');
}

/** Markdown version of the same table, for PERFORMANCE.md. */
export function formatMarkdown(rows: Row[]): string {
  const out = ['| section | row | value | budget | status | note |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    const note = (r.note ?? '').replace(/\|/g, '\\|');
    out.push(
      `| ${r.section} | ${r.name} | ${formatValue(r.value, r.unit)} | ${formatBudget(r.budget, r.unit)} | ${r.status} | ${note} |`,
    );
  }
  return out.join('\n');
}

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const KB = 1024;
