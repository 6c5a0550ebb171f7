/** The console's roles, ordered: a publisher can do what an editor can, an editor what a viewer can. */
export type Role = 'viewer' | 'editor' | 'publisher';
export const ROLES: readonly Role[] = ['viewer', 'editor', 'publisher'];
