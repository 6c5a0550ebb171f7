/**
 * The Landing pages tab opens a template's sections in the screen editor: the outline lists the
 * sections, the palette offers the section kinds, a new section saves as a draft with If-Match; a template made
 * before sections is first saved in today's shape.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import template from '../../../screens/templates/default.json';
import LandingPages from './LandingPages';
import { fakeAdminServer } from '../testing/fake-admin-server';
import type { ConsoleData } from '../nav/use-console-data';
import type { DocRecord } from '../admin-types';

const record = (content: unknown, etag = '"t1"'): DocRecord =>
  ({
    kind: 'landing-template',
    id: 'default',
    file: 'templates/default.json',
    etag,
    published: { version: 1, content },
    draft: null,
  }) as unknown as DocRecord;

const data = {
  docs: [],
  records: [],
  texts: { 'id-ID': { 'landing.default.title': 'Pinjaman tunai cepat' }, 'en-IN': {} },
  titles: new Map(),
  problems: [],
  usages: new Map(),
  index: undefined,
  routes: [],
  error: null,
} as unknown as ConsoleData;

function serve(content: unknown, saved: unknown[] = []) {
  let current = record(content);
  return fakeAdminServer({
    'GET /documents': () => ({ body: { documents: [{ kind: 'landing-template', id: 'default' }] } }),
    'GET /documents/landing-template/default': () => ({ body: current, headers: { ETag: current.etag } }),
    'PUT /documents/landing-template/default/draft': (req) => {
      saved.push(req.body);
      current = { ...current, etag: `"t${saved.length + 1}"`, draft: { content: req.body } } as DocRecord;
      return { body: current, headers: { ETag: current.etag } };
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Landing pages: sections in the screen editor', () => {
  it('shows the sections in the outline and the section kinds in the palette', async () => {
    serve(template);
    render(<LandingPages role="editor" data={data} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit sections of default' }));
    const tree = await screen.findByRole('tree', {}, { timeout: 5000 });
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(1);
    expect(within(tree).getByRole('treeitem').textContent).toMatch(/registration/);
    const palette = screen.getByRole('list', { name: 'landing-section types' });
    const kinds = within(palette)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(kinds).toEqual(['badges', 'image', 'registration', 'text']);
  });

  it('saves a template made before sections in the new shape before opening it', async () => {
    const { sections, ...rest } = template;
    const reg = sections[0];
    const legacy = {
      ...rest,
      title: reg.title,
      bannerImage: reg.banner.src,
      form: { fields: ['mobile', 'captcha', 'smsCode'], submitLabel: reg.submitLabel },
    };
    const saved: unknown[] = [];
    const { calls } = serve(legacy, saved);
    render(<LandingPages role="editor" data={data} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit sections of default' }));
    await screen.findByText(/made before sections: it is now one registration section, saved as a draft/);
    expect(saved[0]).toMatchObject({ sections: [{ section: 'registration', title: reg.title }] });
    expect(saved[0]).not.toHaveProperty('form');
    expect(calls.find((c) => c.method === 'PUT')!.headers['If-Match']).toBe('"t1"');
  });
});
