/**
 * The console's reading of the four-eyes rule the server enforces on publish:
 * when a market touched by the change set asks for it (`fourEyes: true`), someone other than the
 * publisher must have drafted part of the set. The console says so before the click; the server
 * decides.
 */
export interface FourEyesInput {
  /** Market documents (published and drafted contents); garbage entries are ignored. */
  markets: unknown[];
  /** The documents about to be published: the markets each touches and who drafted it. */
  changes: { markets: string[]; editors: string[] }[];
  publisher: string;
}

export interface FourEyesVerdict {
  /** Markets of the set that ask for a second person (empty: the rule does not apply). */
  markets: string[];
  editors: string[];
  /** True when the rule applies and the publisher is the only drafter. */
  blocked: boolean;
}

export function fourEyes({ markets, changes, publisher }: FourEyesInput): FourEyesVerdict {
  const strict = new Set(
    markets
      .filter((m): m is Record<string, unknown> => !!m && typeof m === 'object' && (m as Record<string, unknown>).fourEyes === true)
      .map((m) => String(m.id)),
  );
  const touched = [...new Set(changes.flatMap((c) => c.markets))].filter((m) => strict.has(m)).sort();
  const editors = [...new Set(changes.flatMap((c) => c.editors))];
  return { markets: touched, editors, blocked: touched.length > 0 && editors.every((e) => e === publisher) };
}
