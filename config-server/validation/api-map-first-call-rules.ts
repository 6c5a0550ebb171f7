/**
 * Who makes a screen's first call: an API map marks each endpoint `firstCall.by` `server` or `browser`
 * with a reason. The server makes a `server` call while drawing a page, for any visitor, again on every reload
 * and for pages it never sends, so a mark it cannot honour is refused at validation and publish, at its pointer,
 * quoting the map's reason:
 * - an upload (`multipart`) or an image URL (`response: image`) is never a read the server can make;
 * - a screen whose first `onLoad` call goes to a `server` endpoint may not work that call out from the browser's
 *   storage (`stored(...)`, in its params or in an `if` leading to it): the server has no such storage, so it
 *   would ask the backend for something else than the app then asks for.
 * Whether a backend call changes anything cannot be read from a document: the reason says it, for review.
 */
import type { DocumentError, KnownDocument } from './validation-types.js';
import { pointerToken } from '../http/json-pointer.js';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const q = JSON.stringify;

/** Expressions that read what only the browser holds. */
const BROWSER_ONLY = /\bstored\s*\(/;

interface ServerMark {
  map: KnownDocument;
  why: string;
}

/** Endpoints some API map marks for the server, by name, with the map and its reason. */
function serverMarks(maps: KnownDocument[]): Map<string, ServerMark> {
  const marks = new Map<string, ServerMark>();
  for (const map of maps) {
    if (!isObject(map.doc.endpoints)) continue;
    for (const [name, ep] of Object.entries(map.doc.endpoints)) {
      if (isObject(ep) && isObject(ep.firstCall) && ep.firstCall.by === 'server') {
        marks.set(name, { map, why: typeof ep.firstCall.why === 'string' ? ep.firstCall.why : '' });
      }
    }
  }
  return marks;
}

interface FirstApi {
  action: Record<string, unknown>;
  pointer: string;
  /** The `if` conditions on the way to it, as written. */
  conds: unknown[];
}

/**
 * Every `api` action that can be a screen's first call, whichever way its `if`s go (the planner takes one branch
 * per query; validation cannot know the query). Any other action first ends the walk, as it ends the plan.
 */
function firstApis(actions: unknown, pointer: string, conds: unknown[]): FirstApi[] {
  if (!Array.isArray(actions)) return [];
  const [a] = actions;
  if (!isObject(a)) return [];
  const at = `${pointer}/0`;
  if (a.action === 'api') return [{ action: a, pointer: at, conds }];
  if (a.action === 'sequence') return firstApis(a.actions, `${at}/actions`, conds);
  if (a.action === 'if')
    return [
      ...firstApis(a.then, `${at}/then`, [...conds, a.cond]),
      ...firstApis(a.else, `${at}/else`, [...conds, a.cond]),
    ];
  return [];
}

export function checkFirstCallMarks(known: KnownDocument[]): DocumentError[] {
  const errors: DocumentError[] = [];
  const maps = known.filter((k) => k.kind === 'api-map');
  for (const map of maps) {
    if (!isObject(map.doc.endpoints)) continue;
    for (const [name, ep] of Object.entries(map.doc.endpoints)) {
      if (!isObject(ep) || !isObject(ep.firstCall) || ep.firstCall.by !== 'server') continue;
      const pointer = `/endpoints/${pointerToken(name)}/firstCall/by`;
      const said = `(its reason: ${q(ep.firstCall.why)})`;
      if (ep.encoding === 'multipart') {
        errors.push({
          file: map.file,
          pointer,
          message: `endpoint ${name} is an upload (multipart): a write whose file only the browser has, never a first call the server makes ${said}; mark it "browser"`,
        });
      }
      if (ep.response === 'image') {
        errors.push({
          file: map.file,
          pointer,
          message: `endpoint ${name} is an image URL the browser shows, never called ${said}; mark it "browser"`,
        });
      }
    }
  }

  const marks = serverMarks(maps);
  for (const screen of known.filter((k) => k.kind === 'screen')) {
    for (const first of firstApis(screen.doc.onLoad, '/onLoad', [])) {
      const mark = typeof first.action.endpoint === 'string' ? marks.get(first.action.endpoint) : undefined;
      if (!mark) continue;
      const params = JSON.stringify(first.action.params ?? {});
      const where = BROWSER_ONLY.test(params)
        ? 'its params'
        : first.conds.some((c) => BROWSER_ONLY.test(JSON.stringify(c)))
          ? 'the if leading to it'
          : '';
      if (!where) continue;
      errors.push({
        file: screen.file,
        pointer: `${first.pointer}/endpoint`,
        message:
          `the first call ${first.action.endpoint} reads the browser's storage (stored(...)) in ${where}, but ${mark.map.file} marks ` +
          `${first.action.endpoint} for the server (its reason: ${q(mark.why)}): the server has no such storage and would ask for ` +
          `something else; mark the endpoint "browser" there, or start the screen with the call its query alone decides`,
      });
    }
  }
  return errors;
}
