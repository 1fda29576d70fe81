export { AuthLayout } from './AuthLayout';
export { Logo } from './Logo';
export { NotPermitted } from './NotPermitted';
export { blockNonDigitKey, OtpCodeInput } from './OtpCodeInput';
export type { OtpCodeInputProps } from './OtpCodeInput';
