import type {
  ApiMapDocument,
  BridgeMapDocument,
  MarketDocument,
  NumberShape,
  RouteMapDocument,
  ScreenDocument,
  TextSetDocument,
} from '../../schemas/generated/types';
import type { MessageAst } from '../core/copy/message-ast';
import type { ExpressionTrees } from '../core/expressions/known-trees';

/**
 * A screen as the config API serves it and a page inlines it: the document, and its expressions parsed at publish
 * (absent from a screen stored before they were, and from a draft preview's).
 */
export type PublishedScreen = ScreenDocument & { expressions?: ExpressionTrees };

/** `GET /config/v1/bundle` and the inlined boot data's `bundle`. */
export interface BootBundle {
  market: MarketDocument;
  textSet: TextSetDocument;
  routeMap: RouteMapDocument;
  apiMap: ApiMapDocument;
  bridgeMap: BridgeMapDocument;
  /** Pre-parsed ICU copy by text key (core/copy/message-ast.ts); absent from a bundle stored before. */
  messages?: Record<string, MessageAst>;
  /** How the market's locale writes numbers, made at publish; absent where Intl must write them. */
  numberShape?: NumberShape;
}

/** `<script type="application/json" id="sdui-boot">` written by the config server. */
export interface BootData {
  /** Null on a page the server drew: `bundleEtag` names the version it drew with, which the page preloads. */
  bundle: BootBundle | null;
  bundleEtag: string | null;
  screen: PublishedScreen | null;
  screenEtag: string | null;
  /** `X-Config-Release` of the page (releases in flight for its bundle or screen, and this borrower's arm of each). */
  release?: string;
  /** The same for the bundle alone: what every screen of this page load shares. */
  bundleRelease?: string;
  /** Paths of this origin a screen may embed (the sandbox's pages, while the server runs it): same-origin-embeds.ts. */
  embedPaths?: string[];
  /** The view ticket of this page's first screen: its beacon sends it back; absent outside a release. */
  viewTicket?: string;
}

/** Cheap shape check before anything is used; full schema validation follows lazily. */
export function looksLikeBundle(v: unknown): v is BootBundle {
  const b = v as BootBundle;
  return (
    !!b &&
    typeof b === 'object' &&
    Array.isArray(b.routeMap?.routes) &&
    !!b.textSet?.texts &&
    typeof b.textSet.texts === 'object' &&
    !!b.apiMap?.endpoints &&
    Array.isArray(b.apiMap.commonParams) &&
    !!b.bridgeMap?.messages &&
    !!b.market &&
    typeof b.market === 'object'
  );
}

export function looksLikeScreen(v: unknown): v is PublishedScreen {
  const s = v as PublishedScreen;
  return !!s && typeof s === 'object' && s.kind === 'screen' && typeof s.id === 'string' && Array.isArray(s.body);
}

/** The id of the boot data element, which the config server writes after the drawn markup. */
export const BOOT_DATA_ID = 'sdui-boot';

/** Reads the inlined boot data; absent or unreadable → null (the app fetches instead). */
export function readBootData(doc: Document = document): BootData | null {
  const el = doc.getElementById(BOOT_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as BootData;
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}
