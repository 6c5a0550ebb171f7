/**
 * The rules no single schema can express (the second level of validation, after each document's schema): ids are unique
 * per kind, routes point at screens, markets at text sets, text sets share their keys, and every
 * text key, endpoint, bridge message and navigate target a document uses exists.
 */
import { isNumberLocale, separatorsOf } from '../../renderer/core/index.js';
import type { Reference, ReferenceKind } from './collect-references.js';
import type { DocumentError, KnownDocument, ValidationSettings } from './validation-types.js';
import { checkFirstCallMarks } from './api-map-first-call-rules.js';
import { checkApiMapHeaders } from './api-map-header-rules.js';
import { checkApiMapTargets } from './api-map-target-rules.js';
import { checkMarketConstants } from './market-constant-rules.js';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const q = JSON.stringify;

/** Does a concrete path like `/borrowDetail/12` match a route path like `/borrowDetail/:orderId`? */
export function routeMatches(routePath: string, target: string): boolean {
  if (routePath === target) return true;
  const a = routePath.split('/');
  const b = target.split('/');
  return a.length === b.length && a.every((seg, i) => seg === b[i] || (seg.startsWith(':') && b[i] !== ''));
}

function routesOf(map: KnownDocument): { path: string; screen: string }[] {
  const routes = map.doc.routes;
  return Array.isArray(routes)
    ? routes.filter((r): r is { path: string; screen: string } => isObject(r) && typeof r.path === 'string')
    : [];
}

/**
 * A market's number format: a locale the server's Intl formats (an unknown one would silently fall back and show
 * another country's grouping), and overrides that leave group and decimal separators telling apart.
 */
function numberFormatErrors(m: KnownDocument): DocumentError[] {
  const n = m.doc.number;
  if (!isObject(n)) return [];
  if (typeof n.locale === 'string' && !isNumberLocale(n.locale))
    return [
      {
        file: m.file,
        pointer: '/number/locale',
        message: `number locale ${q(n.locale)} is not one this server formats numbers in: use one such as en-IN or id-ID`,
      },
    ];
  const own = separatorsOf({ locale: n.locale });
  const group = typeof n.thousandsSeparator === 'string' ? n.thousandsSeparator : own.group;
  const decimal = typeof n.decimalSeparator === 'string' ? n.decimalSeparator : own.decimal;
  if (group !== decimal) return [];
  const pointer = typeof n.thousandsSeparator === 'string' ? '/number/thousandsSeparator' : '/number/decimalSeparator';
  return [
    {
      file: m.file,
      pointer,
      message: `the group and decimal separators would both be ${q(group)}: 350000.5 could not be read back; choose different ones or remove the override`,
    },
  ];
}

export function checkCrossDocumentRules(
  known: KnownDocument[],
  references: Map<string, Reference[]>,
  opts: { unreadConstants?: boolean } & ValidationSettings = {},
): DocumentError[] {
  const errors: DocumentError[] = [];
  const of = (kind: string) => known.filter((k) => k.kind === kind);
  const ids = (kind: string) => new Set(of(kind).map((k) => k.id));
  const screens = ids('screen');
  const textSets = of('text-set');
  const markets = ids('market');

  // Unique ids per kind (and unique templateIds, which is how landing pages are addressed).
  const firstById = new Map<string, KnownDocument>();
  const firstByTemplate = new Map<string, KnownDocument>();
  for (const k of known) {
    const prev = firstById.get(`${k.kind}|${k.id}`);
    if (prev)
      errors.push({
        file: k.file,
        pointer: '/id',
        message: `duplicate ${k.kind} id ${q(k.id)} (also in ${prev.file}): give each ${k.kind} its own id`,
      });
    else firstById.set(`${k.kind}|${k.id}`, k);
    if (k.kind === 'landing-template' && typeof k.doc.templateId === 'string') {
      const other = firstByTemplate.get(k.doc.templateId);
      if (other)
        errors.push({
          file: k.file,
          pointer: '/templateId',
          message: `duplicate templateId ${q(k.doc.templateId)} (also in ${other.file}): choose another`,
        });
      else firstByTemplate.set(k.doc.templateId, k);
    }
  }

  for (const map of of('route-map')) {
    const seen = new Set<string>();
    routesOf(map).forEach((r, i) => {
      if (seen.has(r.path))
        errors.push({
          file: map.file,
          pointer: `/routes/${i}/path`,
          message: `path ${q(r.path)} is listed twice: remove one`,
        });
      seen.add(r.path);
      if (typeof r.screen === 'string' && !screens.has(r.screen)) {
        errors.push({
          file: map.file,
          pointer: `/routes/${i}/screen`,
          message: `route ${r.path} points at screen ${q(r.screen)}, which does not exist: add screens/pages/${r.screen}.json or point the route at an existing screen`,
        });
      }
    });
    if (typeof map.doc.notFound === 'string' && !screens.has(map.doc.notFound)) {
      errors.push({
        file: map.file,
        pointer: '/notFound',
        message: `notFound screen ${q(map.doc.notFound)} does not exist: add it or name an existing screen`,
      });
    }
  }

  for (const m of of('market')) {
    errors.push(...numberFormatErrors(m));
    if (typeof m.doc.textSet === 'string' && !textSets.some((t) => t.id === m.doc.textSet)) {
      errors.push({
        file: m.file,
        pointer: '/textSet',
        message: `text set ${q(m.doc.textSet)} does not exist: add screens/texts/${m.doc.textSet}.json or use one of ${[...ids('text-set')].join(', ')}`,
      });
    }
  }
  for (const t of of('landing-template')) {
    if (typeof t.doc.market === 'string' && !markets.has(t.doc.market)) {
      errors.push({
        file: t.file,
        pointer: '/market',
        message: `market ${q(t.doc.market)} does not exist: use one of ${[...markets].join(', ')}`,
      });
    }
  }

  // Text sets share their keys: a key in one and not another would show a raw key to some borrowers.
  const keysOf = (t: KnownDocument) => new Set(isObject(t.doc.texts) ? Object.keys(t.doc.texts) : []);
  for (const t of textSets) {
    const mine = keysOf(t);
    for (const other of textSets) {
      if (other === t) continue;
      for (const key of keysOf(other)) {
        if (!mine.has(key))
          errors.push({
            file: t.file,
            pointer: '/texts',
            message: `text key ${q(key)} of text set ${other.id} is missing here: add it (every text set holds the same keys)`,
          });
      }
    }
  }

  const targets: Record<
    Exclude<ReferenceKind, 'text' | 'limit' | 'market' | 'expression'>,
    { kind: string; field: string; what: string; has: (doc: KnownDocument, v: string) => boolean }
  > = {
    endpoint: {
      kind: 'api-map',
      field: 'endpoints',
      what: 'endpoint',
      has: (d, v) => isObject(d.doc.endpoints) && Object.hasOwn(d.doc.endpoints, v),
    },
    bridge: {
      kind: 'bridge-map',
      field: 'messages',
      what: 'bridge message',
      has: (d, v) => isObject(d.doc.messages) && Object.hasOwn(d.doc.messages, v),
    },
    route: {
      kind: 'route-map',
      field: 'routes',
      what: 'navigate target',
      has: (d, v) => routesOf(d).some((r) => routeMatches(r.path, v)),
    },
  };

  for (const self of known) {
    const user = `${self.kind} ${q(self.id)}`;
    for (const ref of references.get(self.file) ?? []) {
      if (ref.kind === 'limit' || ref.kind === 'market' || ref.kind === 'expression' || typeof ref.value !== 'string')
        continue;
      if (ref.kind === 'text') {
        for (const t of textSets) {
          if (!keysOf(t).has(ref.value)) {
            errors.push({
              file: self.file,
              pointer: ref.pointer,
              message: `text key ${q(ref.value)} used by ${user} is missing in text set ${t.id} (${t.file}): add it to every text set`,
            });
          }
        }
        continue;
      }
      const target = targets[ref.kind];
      const maps = of(target.kind);
      if (!maps.length)
        errors.push({
          file: self.file,
          pointer: ref.pointer,
          message: `${target.what} ${q(ref.value)} cannot be checked: there is no ${target.kind} document`,
        });
      for (const map of maps) {
        if (!target.has(map, ref.value)) {
          const hint =
            ref.kind === 'route'
              ? 'add a route for it or navigate to an existing path'
              : `add it to ${target.field} or use an existing name`;
          errors.push({
            file: self.file,
            pointer: ref.pointer,
            message: `${target.what} ${q(ref.value)} used by ${user} is not in ${target.kind} ${q(map.id)} (${map.file}): ${hint}`,
          });
        }
      }
    }
  }
  return [
    ...errors,
    ...checkApiMapHeaders(known),
    ...checkApiMapTargets(known, opts.backendOrigins),
    ...checkFirstCallMarks(known),
    ...checkMarketConstants(known, references, opts.unreadConstants ? {} : { sections: [] }),
  ];
}
