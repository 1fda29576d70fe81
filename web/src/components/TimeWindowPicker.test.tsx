import { TestId } from '@halo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n/i18n';
import type { TimeWindow } from '../lib/time-window';
import { TimeWindowPicker } from './TimeWindowPicker';

function renderPicker(value: TimeWindow) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <TimeWindowPicker value={value} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe('the time window picker', () => {
  afterEach(() => cleanup());

  it('chooses a preset at once', () => {
    const onChange = renderPicker({ kind: 'preset', preset: '24h' });
    expect(screen.getByTestId(TestId.timeWindow.choice('24h')).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId(TestId.timeWindow.choice('1h')));
    expect(onChange).toHaveBeenCalledWith({ kind: 'preset', preset: '1h' });
  });

  it('applies a custom window typed in UTC, and refuses one that ends before it starts or runs past 31 days', () => {
    const onChange = renderPicker({ kind: 'preset', preset: '24h' });
    fireEvent.click(screen.getByTestId(TestId.timeWindow.choice('custom')));
    expect(onChange).not.toHaveBeenCalled();
    const from = screen.getByTestId(TestId.timeWindow.from);
    const to = screen.getByTestId(TestId.timeWindow.to);
    fireEvent.change(from, { target: { value: '2026-11-20T08:00' } });
    fireEvent.change(to, { target: { value: '2026-11-20T07:00' } });
    expect(screen.getByTestId(TestId.timeWindow.apply).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('The end must come after the start, at most 31 days later');
    fireEvent.change(to, { target: { value: '2026-12-25T08:00' } });
    expect(screen.getByTestId(TestId.timeWindow.apply).hasAttribute('disabled')).toBe(true);
    fireEvent.change(to, { target: { value: '2026-11-21T09:30' } });
    fireEvent.click(screen.getByTestId(TestId.timeWindow.apply));
    expect(onChange).toHaveBeenCalledWith({
      kind: 'custom',
      from: Date.parse('2026-11-20T08:00:00Z'),
      to: Date.parse('2026-11-21T09:30:00Z'),
    });
  });
});
