import { describe, expect, it } from 'vitest';
import { firstBrokenRule } from './field-rules';

describe('field rules', () => {
  const mobile = [
    { required: true, message: 'reg.mobileRequired' },
    { pattern: '1[3-9][0-9]{9}', message: 'reg.mobileInvalid' },
  ];
  it('reports the first broken rule', () => {
    expect(firstBrokenRule(mobile, '')).toBe('reg.mobileRequired');
    expect(firstBrokenRule(mobile, '12345678901')).toBe('reg.mobileInvalid');
    expect(firstBrokenRule(mobile, '138123456789')).toBe('reg.mobileInvalid');
    expect(firstBrokenRule(mobile, '13812345678')).toBeNull();
  });
  it('checks lengths of text and lists; an empty optional value passes', () => {
    expect(firstBrokenRule([{ minLength: 6, message: 'sms.short' }], '123')).toBe('sms.short');
    expect(firstBrokenRule([{ minLength: 6, message: 'sms.short' }], '')).toBeNull();
    expect(firstBrokenRule([{ maxLength: 2, message: 'img.many' }], ['a', 'b', 'c'])).toBe('img.many');
  });
  it('a required checkbox must be ticked and a score above zero', () => {
    expect(firstBrokenRule([{ required: true, message: 'x' }], false)).toBe('x');
    expect(firstBrokenRule([{ required: true, message: 'x' }], 0)).toBe('x');
    expect(firstBrokenRule([{ required: true, message: 'x' }], 3)).toBeNull();
  });
});
