/**
 * axe-core in the page under test: the serious and critical violations (colour contrast included).
 * The script is injected through page.evaluate, so the page's CSP is not involved.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the current document; returns serious and critical violations only. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    type AxeNode = {
      target: string[];
      any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
    };
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: AxeNode[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    // Contrast findings carry their colours, so the failure message says what to change.
    const detail = (n: AxeNode) => {
      const d = n.any.find((a) => a.data?.contrastRatio)?.data;
      return d ? `${n.target.join(' ')} (${d.fgColor} on ${d.bgColor}: ${d.contrastRatio})` : n.target.join(' ');
    };
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(detail) }));
  });
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable line per violation for test failure messages. */
export const describeViolations = (found: AxeFinding[]) =>
  found.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 3).join(', ')}`).join('\n');
