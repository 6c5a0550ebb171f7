/**
 * Turns ajv's errors into messages an ops editor can act on: one per problem, each at the JSON
 * pointer of the offending value, saying what is wrong and what to do. The server (on save and
 * publish) and the browser (while typing) both word them here, so an editor reads one sentence.
 */
import type { ErrorObject } from 'ajv';
import type { DocumentProblem } from './document-problem';

const list = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

function describe(e: ErrorObject): DocumentProblem | null {
  const p = e.params as Record<string, unknown>;
  const at = e.instancePath;
  switch (e.keyword) {
    case 'required':
      return { pointer: at, message: `missing required property "${p.missingProperty}": add it` };
    case 'additionalProperties':
      return {
        pointer: `${at}/${String(p.additionalProperty).replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `unknown property "${p.additionalProperty}": remove it or fix its spelling`,
      };
    case 'type':
      return { pointer: at, message: `must be of type ${p.type}` };
    case 'const':
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'enum':
      return { pointer: at, message: `must be one of ${list(p.allowedValues as unknown[])}` };
    case 'pattern':
      return { pointer: at, message: `does not match the expected format (pattern ${p.pattern})` };
    case 'discriminator':
      return p.error === 'mapping'
        ? {
            pointer: `${at}/${p.tag}`,
            message: `unknown ${p.tag} ${JSON.stringify(p.tagValue)}: use one of the types listed in the schema`,
          }
        : { pointer: at, message: `needs a string "${p.tag}" property` };
    case 'not':
      // The one `not` of the schemas: an address with a character a browser rewrites (common/url.json).
      if (e.schemaPath.includes('url.json'))
        return {
          pointer: at,
          message:
            'has a tab, CR, LF or backslash: a browser drops the first three and reads a backslash as "/", ' +
            'so the link could leave the site; remove them (percent-encode one the address really needs)',
        };
      return { pointer: at, message: e.message ?? 'fails not' };
    case 'propertyNames':
      return null; // the nested pattern error names the property
    case 'oneOf':
    case 'anyOf':
      return null; // branch errors (or the combined `required` message) say more
    default:
      return { pointer: at, message: e.message ?? `fails ${e.keyword}` };
  }
}

export function formatAjvErrors(errors: ErrorObject[] | null | undefined): DocumentProblem[] {
  if (!errors?.length) return [];
  const out: DocumentProblem[] = [];
  // `anyOf: [{required:[a]}, {required:[b]}]` fails as one `required` error per branch: say it once.
  const alternatives = new Map<string, { pointer: string; names: string[] }>();
  for (const e of errors) {
    if (e.keyword === 'required' && /\/anyOf\/\d+\/required$/.test(e.schemaPath)) {
      const key = `${e.instancePath}|${e.schemaPath.replace(/\/\d+\/required$/, '')}`;
      const group = alternatives.get(key) ?? { pointer: e.instancePath, names: [] };
      group.names.push(String((e.params as { missingProperty: string }).missingProperty));
      alternatives.set(key, group);
      continue;
    }
    if (e.propertyName !== undefined) {
      // An error about a property *name* (propertyNames): point at that property.
      const name = e.propertyName;
      out.push({
        pointer: `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `property name "${name}" is not allowed here: ${e.message ?? 'wrong format'}`,
      });
      continue;
    }
    const d = describe(e);
    if (d) out.push(d);
  }
  for (const { pointer, names } of alternatives.values()) {
    out.push({ pointer, message: `needs at least one of the properties ${list(names)}: add one` });
  }
  const unique = new Map(out.map((m) => [`${m.pointer}|${m.message}`, m]));
  return [...unique.values()];
}
