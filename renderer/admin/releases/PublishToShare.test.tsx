import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rollout } from '../admin-types';
import PublishToShare from './PublishToShare';

const MARKETS = [
  { kind: 'market', id: 'ID', timeZone: 'Asia/Jakarta' },
  { kind: 'market', id: 'IN', timeZone: 'Asia/Kolkata' },
];

function setup(touched: string[], disabled = false) {
  const onPublish = vi.fn<(r: Rollout) => void>();
  render(
    <PublishToShare
      markets={MARKETS}
      touched={touched}
      disabled={disabled}
      publishButton={<button type="button">Publish 1 document(s)</button>}
      onPublish={onPublish}
    />,
  );
  return onPublish;
}

afterEach(cleanup);

describe('PublishToShare', () => {
  it('sits next to Publish and sends a guarded 10 % to everyone by default', async () => {
    const onPublish = setup(['ID']);
    const toolbarButtons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(toolbarButtons).toEqual(['Publish 1 document(s)', 'Publish to 10 %']);
    expect(
      screen.getByText(
        /Share, audience, schedule and guard: 10 % of every market, platform and app version, starting when published, guard on/,
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish to 10 %' }));
    expect(onPublish).toHaveBeenCalledWith({ percent: 10, guard: true });
  });

  it('takes share, audience and a schedule typed in the zone of the market the drafts touch', async () => {
    const onPublish = setup(['IN']);
    const share = screen.getByLabelText('Share of borrowers (%)');
    await userEvent.clear(share);
    await userEvent.type(share, '2.5');
    await userEvent.click(screen.getByLabelText('ID'));
    await userEvent.click(screen.getByLabelText('Web (browser)'));
    await userEvent.type(screen.getByLabelText('Lowest app version'), '2.14');
    await userEvent.click(screen.getByLabelText(/^Guard/));
    // Only IN is reached: its zone, no choice to make.
    expect(screen.queryByLabelText('Times are in the zone of')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Start \(Asia\/Kolkata/), { target: { value: '2099-05-01T09:00' } });
    fireEvent.change(screen.getByLabelText(/^End \(Asia\/Kolkata/), { target: { value: '2099-05-08T18:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish to 2.5 %' }));
    expect(onPublish).toHaveBeenCalledWith({
      percent: 2.5,
      guard: false,
      audience: { markets: ['IN'], platforms: ['android', 'ios'], minVersion: '2.14' },
      startAt: '2099-05-01T09:00:00+05:30',
      endAt: '2099-05-08T18:30:00+05:30',
    });
  });

  it('lets ops pick the zone when the release reaches markets in different zones', async () => {
    const onPublish = setup(['ID', 'IN']);
    const pick = screen.getByLabelText('Times are in the zone of') as HTMLSelectElement;
    expect(pick.value).toBe('ID');
    await userEvent.selectOptions(pick, 'IN');
    fireEvent.change(screen.getByLabelText(/^Start \(Asia\/Kolkata/), { target: { value: '2099-05-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Publish to 10 %' }));
    expect(onPublish.mock.calls[0]![0].startAt).toBe('2099-05-01T09:00:00+05:30');
  });

  it('names a wrong field and keeps the button disabled', async () => {
    const onPublish = setup(['ID']);
    const share = screen.getByLabelText('Share of borrowers (%)');
    await userEvent.clear(share);
    await userEvent.type(share, '150');
    expect(share.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a share from 0.1 to 100 (steps of 0.01).').id).toBe(
      share.getAttribute('aria-describedby'),
    );
    expect(screen.getByRole('button', { name: 'Publish to N %' })).toHaveProperty('disabled', true);
    await userEvent.clear(share);
    await userEvent.type(share, '50');
    await userEvent.click(screen.getByLabelText('ID'));
    await userEvent.click(screen.getByLabelText('IN'));
    expect(screen.getByText('Tick at least one market.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish to 50 %' })).toHaveProperty('disabled', true);
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('is disabled whenever Publish is (no note, errors, four eyes)', () => {
    setup(['ID'], true);
    expect(screen.getByRole('button', { name: 'Publish to 10 %' })).toHaveProperty('disabled', true);
  });
});
