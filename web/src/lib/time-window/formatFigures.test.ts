import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { durationText, percentText } from './formatFigures';

describe('figures of a report', () => {
  const t = createI18n('en-US').t;

  it('writes a length of time in its two largest units', () => {
    expect(durationText(t, 42_000)).toBe('42 s');
    expect(durationText(t, 65 * 60_000 + 10_000)).toBe('1 h 5 min');
    expect(durationText(t, 2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2 d 3 h');
    expect(durationText(t, 86_400_000)).toBe('1 d');
    expect(durationText(t, 400)).toBe('0 s');
    expect(durationText(t, null)).toBe('-');
    expect(durationText(t, -1)).toBe('-');
  });

  it('writes a share as a percentage in the reader’s language', () => {
    expect(percentText('en-US', 0.98765)).toBe('98.77%');
    expect(percentText('en-US', 1)).toBe('100%');
    expect(percentText('en-US', null)).toBe('-');
  });
});
