/**
 * `npm run lint:circles` (part of `npm run lint`, so of `npm test`): no import circles in renderer/ or config-server/.
 * madge walks the imports; type-only imports count too, since a circle of types is still a knot a newcomer has to
 * untie. Rendering is recursive by nature, but the recursion runs through the widget table handed to the runtime,
 * not through imports.
 */
import madge from 'madge';
import { fileURLToPath } from 'node:url';

export const CHECKED = ['renderer', 'config-server'];

/** The import circles under `dirs`, each as the list of files it runs through (relative to `baseDir`). */
export async function importCircles(dirs: string[], baseDir: string): Promise<string[][]> {
  const result = await madge(dirs, {
    baseDir,
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/node_modules/, /[\\/]dist[\\/]/],
  });
  return result.circular();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const circles = await importCircles(
    CHECKED.map((d) => root + d),
    root,
  );
  if (circles.length) {
    console.error(
      `${circles.length} import circle(s); break each by passing the dependency in or moving shared types to their own module:`,
    );
    for (const c of circles) console.error(`  ${c.join(' → ')} → ${c[0]}`);
    process.exit(1);
  }
  console.log(`no import circles in ${CHECKED.join(', ')}`);
}
