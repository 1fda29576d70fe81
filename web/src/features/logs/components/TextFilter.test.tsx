import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { TextFilter } from './TextFilter';

/** The filter as a screen holds it: the address's value, set by onCommit. */
function Screen({ onCommit }: { readonly onCommit: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <I18nextProvider i18n={createI18n('en-US')}>
      <TextFilter
        value={value}
        onCommit={(text) => {
          onCommit(text);
          setValue(text.trim());
        }}
        icon="satellite"
        labelKey="logs.system.device"
        testId="device-filter"
      />
    </I18nextProvider>
  );
}

describe('TextFilter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('applies what is typed once typing pauses, without Enter, once per pause', () => {
    const onCommit = vi.fn();
    render(<Screen onCommit={onCommit} />);
    const box = screen.getByTestId('device-filter');
    fireEvent.change(box, { target: { value: 'ga' } });
    vi.advanceTimersByTime(200);
    fireEvent.change(box, { target: { value: 'gate' } });
    vi.advanceTimersByTime(399);
    expect(onCommit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCommit.mock.calls).toEqual([['gate']]);
    vi.advanceTimersByTime(2000);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('applies at once on Enter, and not again when the pause ends', () => {
    const onCommit = vi.fn();
    render(<Screen onCommit={onCommit} />);
    const box = screen.getByTestId('device-filter');
    fireEvent.change(box, { target: { value: 'north' } });
    fireEvent.submit(box.closest('form')!);
    expect(onCommit.mock.calls).toEqual([['north']]);
    vi.advanceTimersByTime(2000);
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
