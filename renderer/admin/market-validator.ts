/**
 * The @rjsf validator for market documents, built from the ajv standalone code `npm run gen` writes.
 * `@rjsf/validator-ajv8`'s default entry compiles schemas at runtime (new Function), which the
 * page's CSP forbids, so only its precompiled-validator class is imported, fed our own functions.
 */
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';
import type { RJSFSchema } from '@rjsf/utils';
import { kindValidators } from '../../schemas/generated/kind-validators.js';
import marketSchema from '../../schemas/documents/market.json';

export const marketFormSchema = marketSchema as unknown as RJSFSchema;

export const marketValidator = new AJV8PrecompiledValidator(
  { [marketSchema.$id]: kindValidators.market } as never,
  marketFormSchema,
);
