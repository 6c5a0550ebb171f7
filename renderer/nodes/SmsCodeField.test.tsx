import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

const texts = { code: 'SMS code', send: 'Send code', 'widget.sms.resendIn': 'Resend in {seconds}s' };

describe('sms-code-field', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('sends, then blocks resending during the 60 s countdown', async () => {
    const r = renderNodes(
      [
        {
          type: 'sms-code-field',
          bind: 'smsCode',
          label: 'code',
          sendLabel: 'send',
          onSend: [{ action: 'api', endpoint: 'getSms' }],
        },
      ],
      { texts, api: { getSms: { code: 0 } } },
    );
    const input = screen.getByLabelText('SMS code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a34567' } });
    expect(input.value).toBe('123456');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(r.apiCalls.map((c) => c.endpoint)).toEqual(['getSms']);
    const counting = screen.getByRole('button', { name: 'Resend in 60s' }) as HTMLButtonElement;
    expect(counting.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Resend in 1s' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_000));
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not start counting when sending failed', async () => {
    renderNodes(
      [
        {
          type: 'sms-code-field',
          bind: 'smsCode',
          label: 'code',
          sendLabel: 'send',
          onSend: [{ action: 'api', endpoint: 'getSms' }],
        },
      ],
      {
        texts,
        api: { getSms: { code: 101, message: 'image captcha wrong' } },
      },
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
