/**
 * What `npm start` prints after the address: a demo link per borrower flow (with the sandbox's demo
 * query: market, a demo session token, the seeded order of config-server/sandbox/seed.ts), the console,
 * and — while no ops account exists — the one command that creates the first.
 */
import { FIRST_ACCOUNT_COMMAND } from '../admin/first-account.js';

/** The sandbox's demo session: any token works; `demo` is the one the README uses. */
const DEMO_QUERY = 'market=ID&token=demo&deviceId=demo-device&platform=android';

/** One link per flow; the paths must be routes of the default route map (a unit test checks it). */
export const DEMO_LINKS: { flow: string; path: string; query?: string }[] = [
  { flow: 'complaints', path: '/complaint' },
  { flow: 'repayment', path: '/instalmentRepay', query: 'productId=101&orderId=1003' },
  { flow: 'loans', path: '/loanDetails', query: 'productId=101&orderId=1003' },
  { flow: 'site', path: '/' },
  { flow: 'landing page', path: '/register', query: 'templateId=default' },
];

export const demoUrl = (base: string, link: (typeof DEMO_LINKS)[number]) =>
  `${base}${link.path}?${[link.query, DEMO_QUERY].filter(Boolean).join('&')}`;

/** `sandboxStyle`: the sandbox's answer style (env SANDBOX_STYLE); only 'strings' is mentioned, 'plain' is the usual. */
export function startBanner(
  url: string,
  opts: { sandbox: boolean; firstAccountNeeded: boolean; sandboxStyle?: 'plain' | 'strings' },
): string {
  const lines = [
    `config server on ${url} (app, /config/v1, /admin, ${opts.sandbox ? '/sandbox' : 'sandbox off'})`,
    // Which loan backend the pages call: a production start must see at a glance that it is not the demo one.
    opts.sandbox
      ? 'Backend: the sandbox at /sandbox (demo data, a fixed SMS code; SANDBOX=off turns it off, NODE_ENV=production without SANDBOX=on too)'
      : "Backend: the API map's baseUrl (the sandbox is off; SANDBOX=on turns it on)",
    '',
  ];
  if (opts.sandbox) {
    if (opts.sandboxStyle === 'strings') {
      lines.push(
        'Sandbox answer style: strings (SANDBOX_STYLE=strings): amounts as "1.250.000", flags as "1", termUnit "1",',
        '  product and bank lists as bare arrays. Unset SANDBOX_STYLE for the plain style.',
        '',
      );
    }
    lines.push('Borrower demo (sandbox backend):');
    const width = Math.max(...DEMO_LINKS.map((l) => l.flow.length));
    for (const link of DEMO_LINKS) lines.push(`  ${link.flow.padEnd(width)}  ${demoUrl(url, link)}`);
    lines.push(`  ${'every node'.padEnd(width)}  ${url}/gallery`, '');
  }
  lines.push(`Ops console: ${url}/admin`);
  if (opts.firstAccountNeeded) lines.push('  No ops account yet. Create the first one:', `  ${FIRST_ACCOUNT_COMMAND}`);
  return lines.join('\n');
}
