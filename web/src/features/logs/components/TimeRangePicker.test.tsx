import { TestId } from '@halo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import type { TimeRange } from '../logQuery';
import { TimeRangePicker } from './TimeRangePicker';

function renderPicker(value: TimeRange, onChange: (range: TimeRange) => void = () => undefined) {
  return render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <TimeRangePicker value={value} onChange={onChange} />
    </I18nextProvider>,
  );
}

describe('TimeRangePicker', () => {
  afterEach(() => cleanup());

  it('writes the range it applies with the product date formatter, like every time on screen', () => {
    renderPicker({ choice: 'custom', from: '2026-11-26', to: '2026-11-26' });
    expect(screen.getByTestId(TestId.logs.customApplied).textContent).toBe(
      '26 Nov, 2026 00:00:00 (UTC) – 26 Nov, 2026 23:59:59 (UTC)',
    );
    cleanup();
    renderPicker({ choice: 'custom', from: '2026-11-20T10:15:00Z', to: '' });
    expect(screen.getByTestId(TestId.logs.customApplied).textContent).toBe('20 Nov, 2026 10:15:00 (UTC) – …');
    expect(screen.getByTestId<HTMLInputElement>(TestId.logs.customFrom).value).toBe('2026-11-20 10:15');
  });

  it('takes days as section 5 writes them (YYYY-MM-DD), a time of day optional, and refuses anything else', () => {
    const onChange = vi.fn();
    renderPicker({ choice: 'custom', from: '', to: '' }, onChange);
    const from = screen.getByTestId(TestId.logs.customFrom);
    const to = screen.getByTestId(TestId.logs.customTo);
    fireEvent.change(from, { target: { value: '26/11/2026' } });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    fireEvent.change(from, { target: { value: '2026-11-20 10:15' } });
    fireEvent.change(to, { target: { value: '2026-11-21' } });
    fireEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith({ choice: 'custom', from: '2026-11-20T10:15:00Z', to: '2026-11-21' });
  });
});
