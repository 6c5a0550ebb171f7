/**
 * A borrower's page that waits on its first call streams: the head (hinted scripts, capture script, title and
 * description) and the screen's shell leave before the backend has answered, and the rest of the drawn screen with
 * its data follows in the same response, one whole document.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { startPageServer, type PageServer } from './testing/page-server.js';
import { closeOpenTags, streamedPage } from './stream-page.js';
import type { DrawnPage } from './draw-page.js';
import { CAPTURE_SCRIPT } from '../../renderer/boot/capture/capture-script.js';

let pages: PageServer;
let origin: string;
/** The backend's answer to the first call waits for this; `failing` makes it a 500. */
let release: () => void = () => {};
/** Resolved when the backend holds the first call. */
let arrived: Promise<void>;
let arrive: () => void;
const expectCall = () => (arrived = new Promise<void>((r) => (arrive = r)));
let failing = false;

beforeAll(async () => {
  const snap = new PublishedSnapshot(readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc));
  pages = await startPageServer(
    () => snap,
    (app) => {
      // The sandbox's problem-init, answering only when the test lets it.
      app.post('/sandbox/user-problem/problem-init', async (_req, res) => {
        const answered = new Promise<void>((r) => (release = r));
        arrive();
        await answered;
        if (failing) res.status(500).json({ code: '99', message: 'down' });
        else
          res.json({
            code: '00',
            message: '',
            data: { problemType: [], problemSonType: [], orderDetail: { productName: 'Streamed-1004', rows: [] } },
          });
      });
    },
  );
  origin = pages.origin;
});
afterAll(() => pages.close());

/** Requests a page; resolves `head` with what arrived before the backend was let answer, `whole` at the end. */
function load(path: string) {
  let text = '';
  let firstChunk: (s: string) => void;
  const head = new Promise<string>((r) => (firstChunk = r));
  const whole = new Promise<{ text: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(origin + path, (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          firstChunk(text);
        });
        res.on('end', () => resolve({ text, headers: res.headers }));
      })
      .on('error', reject);
  });
  return { head, whole };
}

describe('a streamed borrower page', () => {
  it('sends its head while the first call is under way, then the drawn screen with its data', async () => {
    failing = false;
    expectCall();
    const { head, whole } = load('/complaint?market=ID&token=stream-a&orderId=1004');
    const early = await head;
    await arrived;
    // The backend has not answered yet: the head is out, the screen is not.
    // Its script at low priority: the browser paints the drawn markup without it.
    expect(early).toContain(
      '<script type="module" crossorigin src="/assets/main-abc.js" fetchpriority="low"></script>',
    );
    expect(early).toContain(`<script>${CAPTURE_SCRIPT}</script>`);
    expect(early).toContain('<title>Keluhan</title><meta name="description" content="Keluhan" />');
    // ... and the screen's shell: the page bar with its title, drawn, but nothing of the answer.
    expect(early).toMatch(
      /<div id="root" data-ssr=""><div class="sdui-page">.*<h1 class="sdui-page__title">Keluhan<\/h1>/s,
    );
    expect(early).not.toContain('Streamed-1004');
    expect(early).not.toContain('</html>');
    release();
    const { text, headers } = await whole;
    expect(text.startsWith(early)).toBe(true);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(text).toMatch(/<div id="root" data-ssr="">.*Streamed-1004/s);
    expect(text).toContain('"calls":[');
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
    expect(text.match(/<body/g)).toHaveLength(1);
  });

  it('a failed first call still ends in a whole drawn page that tells the app to make the call', async () => {
    failing = true;
    expectCall();
    const { head, whole } = load('/complaint?market=ID&token=stream-b&orderId=1004');
    const early = await head;
    await arrived;
    release();
    const { text } = await whole;
    expect(text.startsWith(early)).toBe(true);
    expect(text.match(/<div id="root" data-ssr="">/g)).toHaveLength(1);
    expect(text).not.toContain('Streamed-1004');
    expect(text).toContain('"early":{'); // the app makes the call and shows its error state
    expect(text.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('a page without a first call made here is sent whole, as before', async () => {
    const { whole } = load('/?market=ID&token=stream-c');
    const { text, headers } = await whole;
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(text).toContain('<div id="root" data-ssr="">');
  });
});

describe('a streamed page whose drawing does not continue its shell', () => {
  const page = (p: DrawnPage) =>
    `<html><head><title>${p.title}</title></head><body><div id="root" data-ssr="">${p.html}</div></body></html>`;
  const meta = { title: 'T', description: 'T', lang: 'id' };
  const shell = { hints: '', html: '<div class="sdui-page"><main><p>Shell</p>', queryReads: [] };
  const drawn = (html: string): DrawnPage => ({ ...meta, html });

  it('is finished with the page drawn without data, so the app makes the call', async () => {
    const logs: string[] = [];
    const s = streamedPage(page, { ...meta, shell }, (m) => logs.push(m), 'p');
    expect(s.sent.endsWith('<p>Shell</p>')).toBe(true);
    const rest = await s.rest(
      drawn('<div class="other">changed</div>'),
      async () => drawn(shell.html + '<p>empty</p></main></div>'),
      () => 'unused',
    );
    expect(s.sent + rest).toBe(page(drawn(shell.html + '<p>empty</p></main></div>')));
    expect(logs).toEqual(['p: its drawing does not continue what was sent']);
  });

  it('closes what the shell opened when nothing else can be drawn: still one whole document', async () => {
    const s = streamedPage(page, { ...meta, shell }, () => {}, 'p');
    const rest = await s.rest(
      null,
      async () => null,
      () => 'unused',
    );
    expect(s.sent + rest).toBe(page(drawn(shell.html + '</main></div>')));
  });

  it('closes open elements innermost first, skipping void and self-closed ones and comments', () => {
    expect(closeOpenTags('<div a="1"><img src="x"><br/><section><p>t</p><!-- <b> --><span>')).toBe(
      '</span></section></div>',
    );
  });
});
