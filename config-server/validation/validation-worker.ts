/**
 * Validation of a whole document state off the event loop. Checking every document plus the cross-document
 * rules takes a few hundred ms of CPU without yielding (four parallel `POST /admin/api/validate` held
 * `/healthz` at 1.2 s), so the admin API hands the documents to one worker thread that runs it.
 *
 * This file is both sides: imported normally it exports `validateOffThread`; loaded as a worker (workerData.role)
 * it answers requests. Compiled to JavaScript the worker loads this very file; run as TypeScript (tsx, vitest) the
 * worker first registers tsx's loader, then imports it.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { StateError } from './publish-checks.js';
import { stateErrorsWith } from './state-validation.js';
import type { ValidationSettings } from './validation-types.js';
import type { NewDocument } from '../store/config-store.js';

const ROLE = 'sdui-state-validation';

interface Request {
  id: number;
  docs: NewDocument[];
  settings: ValidationSettings;
}
type Reply = { id: number; errors: StateError[] } | { id: number; failure: string };

if (!isMainThread && (workerData as { role?: string } | undefined)?.role === ROLE) {
  parentPort!.on('message', ({ id, docs, settings }: Request) => {
    let reply: Reply;
    try {
      reply = { id, errors: stateErrorsWith(docs, settings) };
    } catch (e) {
      reply = { id, failure: (e as Error)?.stack ?? String(e) };
    }
    parentPort!.postMessage(reply);
  });
}

function spawn(): Worker {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith('.ts')) return new Worker(self, { workerData: { role: ROLE } });
  // TypeScript source: tsx's ESM hooks must be registered before this file is imported, which `--import` in the
  // worker's execArgv does too late for its entry module (Node 20), hence the small bootstrap.
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(api)}).then((m) => m.register()).then(() => import(${JSON.stringify(self.href)}))`;
  return new Worker(boot, { eval: true, workerData: { role: ROLE } });
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (e: StateError[]) => void; reject: (e: Error) => void }>();

function failAll(why: Error) {
  for (const p of pending.values()) p.reject(why);
  pending.clear();
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = spawn();
  // Never what keeps the process alive: an idle worker must not hold up a shutdown.
  w.unref();
  w.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if ('failure' in reply) p.reject(new Error(`validation failed in the worker: ${reply.failure}`));
    else p.resolve(reply.errors);
  });
  w.on('error', (e) => {
    if (worker === w) worker = undefined;
    failAll(e);
  });
  w.on('exit', (code) => {
    if (worker === w) worker = undefined;
    failAll(new Error(`the validation worker exited (code ${code})`));
  });
  worker = w;
  return w;
}

/**
 * Every error of a document state (ajv per document plus the cross-document rules), computed on the worker
 * thread. Requests queue there one after another; the event loop only copies the documents across. The settings
 * travel with each request: the worker reads no environment of its own (a test's server may have another).
 */
export function validateOffThread(docs: NewDocument[], settings: ValidationSettings): Promise<StateError[]> {
  const w = ensureWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, docs, settings: { backendOrigins: [...(settings.backendOrigins ?? [])] } } satisfies Request);
  });
}

/** Stops the worker (tests; a later call starts a new one). */
export async function stopValidationWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
