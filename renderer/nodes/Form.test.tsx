import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('form', () => {
  it('collects the messages of its invalid fields in order, and forgets removed fields', async () => {
    const r = renderNodes(
      [
        {
          type: 'form',
          id: 'contact',
          children: [
            { type: 'text-field', bind: 'name', label: 'name', rules: [{ required: true, message: 'incomplete' }] },
            {
              type: 'textarea',
              bind: 'msg',
              label: 'msg',
              when: '!state.hideMsg',
              rules: [{ required: true, message: 'noMsg' }],
            },
          ],
        },
        {
          type: 'form',
          id: 'other',
          children: [{ type: 'text-field', bind: 'x', label: 'x', rules: [{ required: true, message: 'x' }] }],
        },
      ],
      { texts: { incomplete: 'Please provide complete information!', noMsg: 'Message?' } },
    );
    expect(screen.getByLabelText('name')).toBeTruthy();
    expect(r.services.forms.validate('contact')).toEqual(['Please provide complete information!', 'Message?']);
    r.runtime.setState('hideMsg', true);
    await screen.findByLabelText('name');
    expect(screen.queryByLabelText('msg')).toBeNull();
    expect(r.services.forms.validate('contact')).toEqual(['Please provide complete information!']);
  });
});
