import { InputGroup } from '@blueprintjs/core';
import { OTP_LENGTH, sanitizeOtpInput } from '@halo/shared';
import type { KeyboardEvent } from 'react';

export interface OtpCodeInputProps {
  readonly value: string;
  /** Receives only digits, at most 7 of them. */
  readonly onChange: (code: string) => void;
  readonly label: string;
  readonly testId: string;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  readonly intent?: 'none' | 'danger';
}

/** Keys that edit or move rather than type a character. */
function isControlKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  return event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey;
}

/** Blocks a typed key that is not a digit before it reaches the field (spec section 5). */
export function blockNonDigitKey(event: KeyboardEvent<HTMLInputElement>): void {
  if (!isControlKey(event) && !/^[0-9]$/.test(event.key)) event.preventDefault();
}

/** The 7-digit one-time code field: digits only, whatever is typed or pasted. */
export function OtpCodeInput({ value, onChange, label, testId, disabled, autoFocus, intent }: OtpCodeInputProps) {
  return (
    <InputGroup
      data-testid={testId}
      aria-label={label}
      placeholder={'0'.repeat(OTP_LENGTH)}
      value={value}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      disabled={disabled}
      autoFocus={autoFocus}
      intent={intent}
      size="large"
      className="otp-code-input"
      onKeyDown={blockNonDigitKey}
      onValueChange={(next) => onChange(sanitizeOtpInput(next))}
    />
  );
}
