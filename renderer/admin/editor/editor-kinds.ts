/**
 * Which document kinds the screen editor opens: those whose schema holds outline elements at the root (screens'
 * `body`, landing templates' `sections`), read from the schemas rather than listed.
 */
import { catalog } from './schema-catalog';

export const hasScreenEditor = (kind: string) => catalog.rootSlots(kind).length > 0;
