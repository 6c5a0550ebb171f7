/**
 * The @rjsf validator for market documents, built from the ajv standalone code `npm run gen` writes.
 * `@rjsf/validator-ajv8`'s default entry compiles schemas at runtime (new Function), which the
 * page's CSP forbids, so only its precompiled-validator class is imported, fed our own functions.
 */
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';
import type { RJSFSchema } from '@rjsf/utils';
import { kindValidators } from '../../schemas/generated/kind-validators.js';
import marketSchema from '../../schemas/documents/market.json';
import textKeySchema from '../../schemas/common/text-key.json';

/**
 * @rjsf resolves only `$ref`s inside the schema it is given: the market schema's references to common schemas
 * (text keys of `termUnits`) are replaced by their bodies for the form. The validator keeps the whole schema.
 */
function inlineCommon(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inlineCommon);
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlineCommon(v)]));
  if ($ref !== '../common/text-key.json') return $ref === undefined ? out : { $ref, ...out };
  const { $schema: _s, $id: _i, title: _t, ...body } = textKeySchema;
  return { ...body, ...out };
}

export const marketFormSchema = inlineCommon(marketSchema) as RJSFSchema;

export const marketValidator = new AJV8PrecompiledValidator(
  { [marketSchema.$id]: kindValidators.market } as never,
  marketFormSchema,
);
