import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../schemas/generated/types';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('tabs', () => {
  it('static tabs: tablist/tab/tabpanel, click and arrow keys switch', async () => {
    renderNodes(
      [
        {
          type: 'tabs',
          label: 'sections',
          tabs: [
            { label: 'home', children: [{ type: 'text', key: 'homeBody' }] },
            { label: 'about', children: [{ type: 'text', key: 'aboutBody' }] },
          ],
        },
      ],
      { texts: { sections: 'Sections', home: 'Home', about: 'About Us', homeBody: 'Welcome', aboutBody: 'We lend' } },
    );
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const home = screen.getByRole('tab', { name: 'Home' });
    expect(home.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Home' }).textContent).toBe('Welcome');
    await userEvent.click(screen.getByRole('tab', { name: 'About Us' }));
    expect(screen.getByRole('tabpanel', { name: 'About Us' }).textContent).toBe('We lend');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Home' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Home' }));
  });
  it('routed tabs are a nav of links: the bound index is the current page, a click navigates to its route', async () => {
    const nav = (section: number) =>
      renderNodes(
        [
          {
            type: 'tabs',
            label: 'sections',
            bind: 'section',
            tabs: [
              { label: 'home', route: '/' },
              { label: 'about', route: '/About' },
            ],
          },
        ],
        {
          state: { section },
          texts: { sections: 'Site sections', home: 'Home', about: 'About Us' },
          query: { market: 'IN' },
          commonQueryNames: ['market'],
        },
      );
    const r = nav(0);
    expect(screen.getByRole('navigation', { name: 'Site sections' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    const about = screen.getByRole('link', { name: 'About Us' });
    expect(about.getAttribute('href')).toBe('/About?market=IN');
    expect(about.getAttribute('aria-current')).toBeNull();
    await userEvent.click(about);
    expect(r.navigations).toEqual([{ to: '/About?market=IN', replace: false }]);
    r.unmount();
    nav(-1); // a page outside every section marks none
    expect(screen.getAllByRole('link').every((a) => !a.hasAttribute('aria-current'))).toBe(true);
  });
  it('routed tabs are not painted half-parsed: a render-blocking link in the head names an empty element after the last entry', () => {
    renderNodes(
      [
        {
          type: 'tabs',
          label: 'nav',
          bind: 'section',
          tabs: [
            { label: 'a', route: '/' },
            { label: 'b', route: '/Loan' },
          ],
        } as unknown as Node,
      ],
      {
        state: { section: 0 },
        texts: { nav: 'Nav', a: 'Home', b: 'Loan terms' },
      },
    );
    const links = [...document.head.querySelectorAll('link[rel="expect"]')];
    expect(links.map((l) => l.getAttribute('blocking'))).toEqual(['render']);
    const end = document.getElementById(links[0].getAttribute('href')!.slice(1))!;
    expect(end.hidden).toBe(true);
    expect(end.previousElementSibling?.matches('ul.sdui-tabs__list')).toBe(true);
    expect(end.parentElement).toBe(screen.getByRole('navigation', { name: 'Nav' }));
  });
  it('routed tabs: onChange runs before the navigation; a modified click (new tab) is left to the browser', async () => {
    const r = renderNodes(
      // setState's free-form `value` is generated as an object type; a template string is what documents write.
      [
        {
          type: 'tabs',
          label: 'nav',
          bind: 'section',
          onChange: [{ action: 'setState', path: 'picked', value: '{{ index }}' }],
          tabs: [
            { label: 'a', route: '/' },
            { label: 'b', route: '/Loan' },
          ],
        } as unknown as Node,
      ],
      { state: { section: 0 }, texts: { nav: 'Nav', a: 'Home', b: 'Loan terms' } },
    );
    const loan = screen.getByRole('link', { name: 'Loan terms' });
    fireEvent.click(loan, { ctrlKey: true });
    expect(r.navigations).toEqual([]);
    await userEvent.click(loan);
    expect(r.state().picked).toBe(1);
    expect(r.navigations).toEqual([{ to: '/Loan', replace: false }]);
  });
  it('data tabs bind the selected index and run onChange with the item', async () => {
    const r = renderNodes(
      [
        {
          type: 'tabs',
          label: 'cats',
          items: '{{ state.cats }}',
          labelField: 'title_local',
          bind: 'catIndex',
          onChange: [{ action: 'api', endpoint: 'qaList', params: { pid: '{{ item.id }}' } }],
          panel: [{ type: 'text', value: 'Selected {{ state.cats[state.catIndex].title_local }}' }],
        },
      ],
      {
        state: {
          catIndex: 0,
          cats: [
            { id: 3, title_local: 'Pinjaman' },
            { id: 4, title_local: 'Bayar' },
          ],
        },
        api: { qaList: { code: 0 } },
      },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Bayar' }));
    expect(r.state().catIndex).toBe(1);
    expect(r.apiCalls[0]).toMatchObject({ endpoint: 'qaList', params: { pid: 4 } });
    expect(screen.getByRole('tabpanel').textContent).toBe('Selected Bayar');
  });
  it("data tabs: `icons` decorate the first tabs by position, the item's own icon wins, the rest have none", () => {
    const { container } = renderNodes(
      [
        {
          type: 'tabs',
          label: 'cats',
          items: '{{ state.cats }}',
          iconField: 'icon',
          icons: ['/icons/cat-{{ item.id }}.svg', '/icons/second.svg', '{{ item.missing }}'],
          panel: [],
        },
      ],
      {
        texts: { cats: 'Categories' },
        state: {
          cats: [
            { id: 1, title: 'Bayar' },
            { id: 2, title: 'Pinjam', icon: '/icons/own.svg' },
            { id: 3, title: 'Tagih' },
            { id: 4, title: 'Akun' },
          ],
        },
      },
    );
    const iconOf = (name: string) => screen.getByRole('tab', { name }).querySelector('img');
    // Decorative: the tab's accessible name stays its text label.
    expect(iconOf('Bayar')?.getAttribute('src')).toBe('/icons/cat-1.svg');
    expect(iconOf('Bayar')?.getAttribute('alt')).toBe('');
    expect(iconOf('Pinjam')?.getAttribute('src')).toBe('/icons/own.svg');
    expect(iconOf('Tagih')).toBeNull();
    expect(iconOf('Akun')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(2);
  });
  it('data tab icons with an unsafe address are not drawn', () => {
    renderNodes(
      [{ type: 'tabs', label: 'cats', items: '{{ state.cats }}', icons: ['javascript:alert(1)'], panel: [] }],
      {
        texts: { cats: 'Categories' },
        state: { cats: [{ title: 'Bayar' }] },
      },
    );
    expect(screen.getByRole('tab', { name: 'Bayar' }).querySelector('img')).toBeNull();
  });
});
