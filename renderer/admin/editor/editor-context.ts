/**
 * What the property forms need from the editor around them: the draft copy by locale for the text key
 * picker, the documents the pickers list from (market, API map, route map, the screen's state), the preview's value
 * of a binding, and the two writes a form can start (a new text key, an uploaded image). The ScreenEditor builds it;
 * the forms never fetch on their own, so a test hands them a plain object.
 */
import { describeFinding, type CopyFinding } from '../copy/copy-findings';

export interface EditorContext {
  /** Draft text sets by locale (`id-ID`, `en-IN`), key → copy. */
  texts: Record<string, Record<string, string>>;
  /** The locale the console shows copy in first. */
  consoleLocale: string;
  market: 'ID' | 'IN';
  /** The market document of `market`: `limits` feeds the limit picker, the rest the binding picker's `market.*`. */
  marketDoc: unknown;
  /** `screens/maps/api-map.json`: endpoint names and their declared `params`. */
  apiMap: unknown;
  /** `screens/maps/route-map.json`: the navigate target picker lists its paths. */
  routeMap: unknown;
  /** The edited screen's `state` (initial values): the binding picker's `state.*`. */
  screenState: unknown;
  /** The value of a binding (`state.order.status`, `query.orderId`) in the current preview, if known. */
  previewValues?: (expr: string) => unknown;
  /** Adds the key with its copy in every locale to the draft text sets; resolves with the copy checks' findings. */
  createKey(key: string, byLocale: Record<string, string>): Promise<string[]>;
  /** Uploads through the console's media route and resolves with the image's `/media/...` address. */
  uploadImage(file: File): Promise<string>;
}

/**
 * The findings a new key's copy got from the copy checks (the server's, read with copy-findings.ts), as the lines
 * `createKey` resolves with: only the key's own, errors first.
 */
export function findingsForKey(findings: CopyFinding[], key: string): string[] {
  return findings
    .filter((f) => f.key === key)
    .sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'))
    .map((f) => `${f.severity === 'error' ? 'Error' : 'Warning'}: ${describeFinding(f)}`);
}
