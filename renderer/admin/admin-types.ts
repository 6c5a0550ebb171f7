/**
 * The console's names for the admin API's payloads. Every shape comes from the OpenAPI description through
 * `generated/admin-api.ts` (`npm run gen`), the contract the server's tests hold each exchange to: a payload is
 * defined once, and the console depends on the HTTP shapes, never on the server's modules. Document content
 * stays `unknown` here and is typed by the generated schema types where an editor needs it.
 */
import type { components, operations } from './generated/admin-api';
import type { DocumentProblem } from '../core/validation/document-problem';

type Schemas = components['schemas'];

/** The JSON body of an operation's 200 answer. */
export type Answer<Op extends keyof operations> = operations[Op]['responses'] extends {
  200: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Role = Schemas['Role'];

/** Who is logged in, as `GET /me` and `POST /login` answer. */
export type Session = Pick<Schemas['Me'], 'user' | 'role' | 'marketRoles'>;

/** A published version (the content only where asked for). */
export type VersionInfo = Schemas['Version'];

export type DraftInfo = Schemas['Draft'];

/** One document as `GET /documents/:kind/:id` returns it. */
export type DocRecord = Schemas['DocumentRecord'];

/** A row of `GET /documents` (no contents). */
export type DocSummary = Schemas['DocumentSummary'];

/** One append-only audit entry as `GET /audit` returns it. */
export type AuditRow = Schemas['AuditLog']['entries'][number];

/**
 * A validation problem, found by the console's own check while typing or by the server on save, validate and
 * publish (which names the file). The server sends the pointer as `instancePath`: admin-api.ts renames it.
 */
export type Problem = DocumentProblem & { file?: string };

export const canWrite = (role: Role | undefined) => role === 'editor' || role === 'publisher';
export const canPublish = (role: Role | undefined) => role === 'publisher';

/** The editable content of a document: its draft when there is one, else its published version. */
export function currentContent(doc: DocRecord): unknown {
  return doc.draft ? doc.draft.content : doc.published?.content;
}

export type ReleaseStatus = Schemas['ReleaseStatus'];
/** Who a release may reach at all; every field narrows, an absent one does not. */
export type ReleaseAudience = Schemas['ReleaseAudience'];
export type ReleasePlatform = NonNullable<ReleaseAudience['platforms']>[number];
/** The `rollout` of `POST /publish`: times are ISO 8601 with a zone. */
export type Rollout = Schemas['Rollout'];
/** What one arm did to its borrowers on the screens the release touches. */
export type ArmStats = Schemas['ArmStats'];
/** The guard's reading of the arms. */
export type ReleaseVerdict = Schemas['ReleaseVerdict'];
export type Release = Schemas['Release'];
/** The `experiment` of `POST /publish`: goals (and guardrails) are published metric document ids. */
export type ReleaseExperiment = Schemas['ReleaseExperiment'];
/** `GET /releases/{id}/results`: overall, per market and per day. */
export type ExperimentResults = Schemas['ExperimentResults'];
export type ExperimentGoal = Schemas['ExperimentGoal'];
export type ExperimentArms = Schemas['ExperimentArms'];
/** What a publish with a rollout answers about the release it started. */
export type ReleaseHandle = Schemas['ReleaseHandle'];

/** Every platform, each once: a platform the description adds and this record lacks fails to compile. */
const PLATFORMS: Record<ReleasePlatform, true> = { ios: true, android: true, web: true };
/** The platforms an audience may name, in the order the form lists them. */
export const RELEASE_PLATFORMS = Object.keys(PLATFORMS) as ReleasePlatform[];
