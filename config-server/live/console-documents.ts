/**
 * What the console's document list shows, as the console stream announces it: `doc:<kind>/<id>` with the document's
 * admin ETag when its published version changed, and a `drafts` event when any draft changed. Drafts bump no
 * generation and notify no replica, so they are looked for by reading the document list: at every generation, and
 * every `draftsMs` while a console stream is open on this replica (never otherwise).
 */
import type { ConfigStore } from '../store/config-store.js';

export interface DocumentChanges {
  /** Published documents changed since the last look: `doc:<kind>/<id>` → admin ETag. */
  published: Record<string, string>;
  drafts: boolean;
}

export class ConsoleDocuments {
  private published?: Map<string, string>;
  private drafts?: string;

  constructor(private readonly store: Pick<ConfigStore, 'listDocuments'>) {}

  async look(): Promise<DocumentChanges> {
    const docs = await this.store.listDocuments();
    const published = new Map<string, string>();
    const drafts: string[] = [];
    const out: DocumentChanges = { published: {}, drafts: false };
    for (const d of docs) {
      const key = `doc:${d.kind}/${d.id}`;
      published.set(key, d.published ? `${d.published.version}:${d.published.hash}` : '-');
      if (d.draft) drafts.push(`${key}:${d.draft.hash}:${d.draft.updatedAt}`);
      const before = this.published?.get(key);
      if (this.published && before !== published.get(key)) out.published[key] = d.etag;
    }
    const draftState = drafts.sort().join('\n');
    out.drafts = this.drafts !== undefined && this.drafts !== draftState;
    this.published = published;
    this.drafts = draftState;
    return out;
  }

  /** Forget the last look (no console stream open: the next one starts from what it reads then). */
  reset() {
    this.published = undefined;
    this.drafts = undefined;
  }
}
