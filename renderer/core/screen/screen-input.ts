/**
 * The one description of a screen to plan or draw, shared by the server and the browser: the screen document, what
 * the market's bundle gives it (market settings, copy, API map), the page query and the borrower's state. Every step
 * that takes a screen (plan its first calls, read the server's answer, run its onLoad on those answers, draw it to
 * HTML) takes a view of this type (a `Pick`), so a field means the same thing at every step and a caller builds one
 * object and hands it on.
 */
import type { ApiMapDocument, ScreenDocument } from '../../../schemas/generated/types';

export interface ScreenInput {
  doc: ScreenDocument;
  /** The market's settings from its bundle (number format, currency, ...), as expressions read `market.*`. */
  market: Record<string, unknown>;
  /** The bundle's copy by text key. */
  texts: Record<string, string>;
  /** The bundle's API map: which endpoints exist, and which first call the server may make itself. */
  apiMap: ApiMapDocument;
  /** The page query as the app sees it (string params only; common params are carried on links). */
  query: Record<string, string>;
  /** The query names the API map sends with every call (its `commonParams`), which links carry on. */
  commonQueryNames: string[];
  /** The screen's state to draw (after its onLoad ran on the server with the server's answers); default `doc.state`. */
  state?: Record<string, unknown>;
  /** The browser's stored values (`storage` actions); the server has none: a plan reading one sees undefined there. */
  stored?: (key: string) => unknown;
  logError(message: string, detail?: unknown): void;
}
