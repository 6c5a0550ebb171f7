/**
 * The console's navigation as people think of it: Copy, Markets, Screens (by flow folder), Routes
 * and API, then the pages that are not one document. Each document entry gets a human title and a
 * status (published, draft by whom, has errors). Pure: the shell feeds it what it loaded.
 */
import type { DocSummary, Problem } from '../admin-types';

export type Status =
  | { kind: 'published' }
  | { kind: 'draft'; by: string }
  | { kind: 'errors'; count: number }
  | { kind: 'new'; by: string };

export interface NavEntry {
  kind: string;
  id: string;
  title: string;
  status: Status;
}

export interface NavGroup {
  label: string;
  entries: NavEntry[];
}

/** `complain-new-page` → `Complain new page` (a title for a document that names none). */
export const readableId = (id: string) => {
  const words = id
    .replace(/[-_.]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
};

/** The flow folder of a screen file: `screens/pages/<folder>/x.json`. */
export const folderOf = (file: string) => /(?:^|\/)pages\/([^/]+)\//.exec(file)?.[1] ?? 'other';

const FOLDERS = ['complaints', 'repayment', 'loans', 'site', 'landing', 'developer'];
const MAP_TITLES: Record<string, string> = {
  'route-map': 'Route map',
  'api-map': 'API map',
  'bridge-map': 'Bridge map',
};

export function statusOf(d: DocSummary, errorsByFile: Map<string, number>): Status {
  const errors = errorsByFile.get(d.file) ?? 0;
  if (errors) return { kind: 'errors', count: errors };
  if (d.hasDraft)
    return d.publishedVersion == null
      ? { kind: 'new', by: d.draftUpdatedBy ?? 'someone' }
      : { kind: 'draft', by: d.draftUpdatedBy ?? 'someone' };
  return { kind: 'published' };
}

export function statusLabel(s: Status): string {
  switch (s.kind) {
    case 'published':
      return 'published';
    case 'draft':
      return `draft by ${s.by}`;
    case 'new':
      return `new draft by ${s.by}`;
    case 'errors':
      return 'has errors';
  }
}

/** Problems of the drafts' would-be state counted per file (an error names the file it is in). */
export function errorsByFile(problems: Problem[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const p of problems) if (p.file) m.set(p.file, (m.get(p.file) ?? 0) + 1);
  return m;
}

export function buildNav(docs: DocSummary[], titles: Map<string, string>, problems: Problem[]): NavGroup[] {
  const errs = errorsByFile(problems);
  const entry = (d: DocSummary, fallback?: string): NavEntry => ({
    kind: d.kind,
    id: d.id,
    title: titles.get(`${d.kind}/${d.id}`) || fallback || readableId(d.id),
    status: statusOf(d, errs),
  });
  const byTitle = (a: NavEntry, b: NavEntry) => a.title.localeCompare(b.title);
  const of = (kind: string) => docs.filter((d) => d.kind === kind);

  const groups: NavGroup[] = [];
  groups.push({
    label: 'Markets',
    entries: of('market')
      .map((d) => entry(d))
      .sort((a, b) => a.id.localeCompare(b.id)),
  });
  const screens = of('screen');
  const folders = [...new Set([...FOLDERS, ...screens.map((d) => folderOf(d.file))])];
  for (const f of folders) {
    const entries = screens
      .filter((d) => folderOf(d.file) === f)
      .map((d) => entry(d))
      .sort(byTitle);
    if (entries.length) groups.push({ label: `Screens: ${f}`, entries });
  }
  groups.push({
    label: 'Routes and API',
    entries: ['route-map', 'api-map', 'bridge-map'].flatMap((k) => of(k).map((d) => entry(d, MAP_TITLES[k]))),
  });
  return groups.filter((g) => g.entries.length);
}

/** Status of the copy as a whole: the text sets' statuses folded into one. */
export function copyStatus(docs: DocSummary[], problems: Problem[]): Status {
  const errs = errorsByFile(problems);
  const sets = docs.filter((d) => d.kind === 'text-set');
  const errors = sets.reduce((n, d) => n + (errs.get(d.file) ?? 0), 0);
  if (errors) return { kind: 'errors', count: errors };
  const drafted = sets.filter((d) => d.hasDraft);
  if (drafted.length)
    return { kind: 'draft', by: [...new Set(drafted.map((d) => d.draftUpdatedBy ?? 'someone'))].join(', ') };
  return { kind: 'published' };
}
