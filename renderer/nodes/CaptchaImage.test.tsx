import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('captcha-image', () => {
  it('loads from the endpoint URL with its params and reloads when tapped', async () => {
    const r = renderNodes(
      [
        {
          type: 'captcha-image',
          endpoint: 'captchaImage',
          params: { sid: '{{ state.sid }}' },
          alt: 'refresh',
          refreshWhen: 'state.mobile',
          refreshBlockedKey: 'needMobile',
        },
      ],
      {
        state: { sid: 'abc', mobile: '' },
        texts: { refresh: 'Captcha, tap to refresh', needMobile: 'enter correct mobile number' },
      },
    );
    const button = screen.getByRole('button', { name: 'Captcha, tap to refresh' });
    const img = () => button.querySelector('img')!.getAttribute('src');
    expect(img()).toBe('/fake/captchaImage?sid=abc');
    await userEvent.click(button);
    expect(r.toasts.map((t) => t.message)).toEqual(['enter correct mobile number']);
    expect(img()).toBe('/fake/captchaImage?sid=abc');
    r.runtime.setState('mobile', '13812345678');
    await userEvent.click(button);
    expect(img()).toBe('/fake/captchaImage?sid=abc&_r=1');
  });
  it('waits for its params before loading', () => {
    renderNodes([{ type: 'captcha-image', endpoint: 'captchaImage', params: { sid: '{{ state.sid }}' }, alt: 'a' }]);
    expect(screen.getByRole('button', { name: 'a' }).querySelector('img')).toBeNull();
  });
});
