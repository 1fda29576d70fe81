export { OtpVerificationPage } from './OtpVerificationPage';
