/**
 * The core's public face: what the config server runs of the renderer, and the screen engine without React (state
 * store, runtime, action runner, expressions). The server imports the core only from here (`npm run lint` holds it
 * to that, with renderer/boot/render-static.tsx for drawing); inside renderer/ the browser app imports the modules
 * themselves, so each chunk keeps only what it uses. What each folder is: README.md beside this file.
 */

// The engine: a screen's state, its runtime, the actions it runs, and what it needs from the browser.
export { createStateStore, getPath, setPath, splitPath, type State, type StateStore } from './runtime/state-store';
export { createRuntime, scopedRuntime, translate, buildHref, type RunActions } from './runtime/create-runtime';
export { createForms } from './runtime/forms';
export { commonQueryNames, type CommonParams, type RuntimeServices } from './runtime/services';
export { noDevice, readStored, type Device, type ScreenStorage } from './runtime/device';
export type {
  ActionContext,
  ActionOutcome,
  ActionOf,
  ActionType,
  Bridge,
  FormField,
  Forms,
  Handler,
  HandlerRegistry,
  NodeOf,
  NodeType,
  Runtime,
  Scope,
} from './runtime/contract';
export { runActions } from './actions/run-actions';
export { handlers } from './actions/registry';
export { isAllowedUrl } from './actions/url-policy';

// Bindings: the expression language, its helpers and the product's formats.
export { parse, type Ast } from './expressions/parse';
// The server evaluates from source (each expression parsed once, into the tree a published screen carries).
import { installSourceParser } from './expressions/source-parser';
installSourceParser();
export { treeOfSource } from './expressions/source-parser';
export {
  createHelpers,
  evaluate,
  resolveTemplate,
  resolveWithWarnings,
  thousands,
  FORBIDDEN_KEYS,
  addTrees,
  type Evaluation,
  type ExpressionTree,
  type ExpressionTrees,
  type Helper,
  type HelperEnv,
} from './expressions';
export {
  DATE_PATTERNS,
  formatDatePattern,
  formatDateStyle,
  marketTimeZone,
  readInstant,
  wallClock,
} from './dates/market-date';
export { amountDigits, formatAmount, formatMoney, readAmount } from './money/amount';
export {
  FALLBACK_NUMBER_LOCALE,
  formatNumber,
  groupsInLakhs,
  intlNumber,
  isNumberLocale,
  learnNumberShape,
  numberFormatOf,
  separatorsOf,
  writeByShape,
  type NumberFormat,
} from './money/number-format';

// Copy: one key to its text, the ICU form the bundle ships.
export { bundleTexts, copyText, type BundleCopy } from './copy/copy-text';
export { formatMessage, type FormatContext } from './copy/format-message';
export type { MessageAst, MessagePart } from './copy/message-ast';
export { describePlaceholderProblem, placeholderDiff, type PlaceholderProblem } from './copy/placeholder-diff';

// A screen's first data: the plan, the calls as plain data, the hand-off, the server's reading and onLoad run.
export type { ScreenInput } from './screen/screen-input';
export { planFirstCalls, planReadsClock, type PlanInput, type PlannedCall } from './first-calls/plan-first-calls';
export { laterReadsOf } from './first-calls/plan-later-reads';
export {
  compactHandOff,
  readHandOff,
  scriptSafe,
  writeHandOff,
  HAND_OFF_ID,
  type EarlyCall,
  type HandOff,
  type HandOffPage,
  type ServerCall,
} from './first-calls/hand-off';
export { readServerAnswer } from './first-calls/server-answer';
export { serverEndpoint } from './api/endpoint-of';
export { claiming, createClaimTable, type ClaimTable } from './first-calls/claim-table';
export { drawWithAnswers } from './first-calls/draw-with-answers';
export { httpCall, type HttpCall } from './api/http-call';
export { endpointOf } from './api/call-rules';
export type { ApiClient, ApiResult } from './api/api-result';

// Documents and markets.
export { bundleUrl, namedBundleUrl, PUBLISHED_CONFIG_BASE } from './bundle/named-bundle-url';
export { DEFAULT_MARKET } from './market/default-market';
export { MARKET_READS_BY_CODE, toastLimitsOf, type ToastLimits } from './market/market-reads';
export { nodeTypesOf } from './documents/node-types-of';
export { withSections } from './landing/template-sections';
export { withRegistrationWording } from './landing/registration-parts';
export { formatAjvErrors } from './validation/format-ajv-errors';
export type { DocumentProblem } from './validation/document-problem';
