import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleTexts } from '../core/copy/copy-text';
import { OfflineNotice } from './OfflineNotice';
import { offlineStatus } from './offline-status';
import { textMessages } from '../../config-server/published/text-messages';

const texts = {
  'offline.notice': 'You are offline.',
  'offline.asOf': 'Shown as of {at, time, ::HHmm}',
};
// The bundle ships ICU copy parsed at publish: the same step here.
const bundle = { textSet: { locale: 'en-IN', texts }, messages: textMessages(texts) };

// The status is the page's one module state: other files' calls in this worker may have left a fetch time in it.
beforeEach(() => act(() => offlineStatus.navigated()));
afterEach(() => act(() => offlineStatus.navigated()));

describe('OfflineNotice', () => {
  it('draws nothing online, the notice offline, and the fetch time in the market zone', () => {
    const { container } = render(
      <OfflineNotice texts={bundleTexts(bundle)} market={{ timeZone: 'Asia/Kolkata', number: {} }} />,
    );
    expect(container.innerHTML).toBe('');
    act(() => offlineStatus.noConnection());
    expect(screen.getByRole('status').textContent).toBe('You are offline.');
    // 08:35 UTC is 14:05 in India.
    act(() => offlineStatus.showedKept(Date.UTC(2026, 0, 5, 8, 35)));
    expect(screen.getByText('Shown as of 14:05')).toBeTruthy();
    // The oldest answer on the screen is the time shown.
    act(() => offlineStatus.showedKept(Date.UTC(2026, 0, 5, 9, 0)));
    expect(screen.getByText('Shown as of 14:05')).toBeTruthy();
    // The next screen starts afresh.
    act(() => offlineStatus.navigated());
    expect(container.innerHTML).toBe('');
  });
});
