import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpCodeInput } from './OtpCodeInput';

function Harness({ onChange }: { onChange: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <OtpCodeInput
      label="code"
      testId="otp"
      value={code}
      onChange={(next) => {
        setCode(next);
        onChange(next);
      }}
    />
  );
}

describe('OtpCodeInput', () => {
  afterEach(cleanup);

  it('lets only digits through, whatever is typed or pasted', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByTestId<HTMLInputElement>('otp');
    fireEvent.change(input, { target: { value: '12ab' } });
    expect(onChange).toHaveBeenLastCalledWith('12');
    expect(input.value).toBe('12');
    fireEvent.change(input, { target: { value: ' 98-76 54x32 10' } });
    expect(onChange).toHaveBeenLastCalledWith('9876543');
    expect(input.value).toBe('9876543');
  });

  it('blocks letter keys but not digits or editing keys', () => {
    render(<Harness onChange={vi.fn()} />);
    const input = screen.getByTestId('otp');
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '-' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '7' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'v', ctrlKey: true })).toBe(true);
  });
});
