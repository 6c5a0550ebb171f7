import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/test-utils';

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
      { state: { catIndex: 0, cats: [{ id: 3, title_local: 'Pinjaman' }, { id: 4, title_local: 'Bayar' }] }, api: { qaList: { code: 0 } } },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Bayar' }));
    expect(r.state().catIndex).toBe(1);
    expect(r.apiCalls[0]).toMatchObject({ endpoint: 'qaList', params: { pid: 4 } });
    expect(screen.getByRole('tabpanel').textContent).toBe('Selected Bayar');
  });
});
