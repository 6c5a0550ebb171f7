/**
 * Section 4: what an ops publish costs. Validation of every default document (cold = first call,
 * schemas compiled; warm = median of later calls) and the latency of publishing a 20-document
 * change set through the store with the same whole-state check the admin API runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateDocuments } from '../../../config-server/validation/validate-documents.js';
import { validStateCheck } from '../../../config-server/validation/publish-checks.js';
import { SqliteStore } from '../../../config-server/store/sqlite-store.js';
import type { NewDocument } from '../../../config-server/store/config-store.js';
import { defaultDocuments } from '../lib/default-documents.js';
import { median, row, type Row } from '../lib/table.js';

const CHANGE_SET = 20;
const ROUNDS = 7;

function time<T>(fn: () => T): [number, T] {
  const t0 = performance.now();
  const out = fn();
  return [performance.now() - t0, out];
}

/** 20 edits: every document gets a new description (existing ones first), topped up with new screens. */
function changeSet(docs: NewDocument[], round: number): NewDocument[] {
  const edits: NewDocument[] = docs.slice(0, CHANGE_SET).map((d) => ({
    ...d,
    content: { ...(d.content as object), description: `bench round ${round}: ${d.kind} ${d.id}` },
  }));
  const screen = docs.find((d) => d.kind === 'screen');
  for (let i = 0; edits.length < CHANGE_SET && screen; i++) {
    const id = `bench-extra-${i}`;
    edits.push({
      kind: 'screen',
      id,
      file: `screens/pages/${id}.json`,
      content: { ...(screen.content as Record<string, unknown>), id, description: `bench round ${round}` },
    });
  }
  return edits;
}

export async function documentsBench(): Promise<Row[]> {
  const docs = defaultDocuments();
  const input = docs.map((d) => ({ file: d.file, doc: d.content }));
  const [cold, errors] = time(() => validateDocuments(input));
  const warm = median(Array.from({ length: ROUNDS }, () => time(() => validateDocuments(input))[0]));
  const rows: Row[] = [
    row(
      'documents',
      `validate all ${docs.length} default documents, cold`,
      cold,
      'ms',
      undefined,
      `${errors.length} error(s); includes schema compilation`,
    ),
    row(
      'documents',
      `validate all ${docs.length} default documents, warm`,
      warm,
      'ms',
      undefined,
      `median of ${ROUNDS}`,
    ),
  ];

  const dataDir = mkdtempSync(join(tmpdir(), 'sdui-bench-docs-'));
  const store = new SqliteStore(dataDir);
  try {
    await store.importPublished(docs, { user: 'bench' }, validStateCheck);
    const latencies: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const set = changeSet(docs, round);
      for (const d of set)
        await store.saveDraft(d, (await store.getDocument(d.kind, d.id))?.revision ?? null, { user: 'bench-editor' });
      const start = performance.now();
      const published = await store.publish(
        set.map((d) => ({ kind: d.kind, id: d.id })),
        { user: 'bench', note: `bench round ${round}` },
        validStateCheck,
      );
      const ms = performance.now() - start;
      if (published.length !== set.length) throw new Error(`published ${published.length} of ${set.length}`);
      latencies.push(ms);
    }
    rows.push(
      row(
        'documents',
        `publish a ${CHANGE_SET}-document change set`,
        median(latencies),
        'ms',
        undefined,
        `median of ${ROUNDS}; includes whole-state validation; max ${Math.max(...latencies).toFixed(0)} ms`,
      ),
    );
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
