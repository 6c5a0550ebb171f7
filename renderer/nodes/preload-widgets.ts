import { nodeTypesOf } from '../core/documents/node-types-of';
import { registry } from './registry';

type Preloadable = { preload?: () => Promise<unknown> };

const preloadType = (type: string) =>
  Object.hasOwn(registry, type) ? (registry[type as keyof typeof registry] as Preloadable).preload?.() : undefined;

/**
 * Starts loading the code of the lazily loaded widgets a screen uses. Resolves when all have
 * settled, to whether all loaded (a failed chunk is the node boundary's business, not the caller's).
 */
export async function preloadWidgets(doc: unknown): Promise<boolean> {
  const settled = await Promise.allSettled([...nodeTypesOf(doc)].map(preloadType));
  return settled.every((s) => s.status === 'fulfilled');
}

/** Every lazily loaded widget (unit tests render synchronously after this). */
export async function preloadAllWidgets(): Promise<void> {
  await Promise.allSettled(Object.keys(registry).map(preloadType));
}
