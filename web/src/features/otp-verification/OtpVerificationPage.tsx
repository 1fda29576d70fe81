import { Button, Callout, FormGroup } from '@blueprintjs/core';
import { LoginState, ROUTES, TestId } from '@halo/shared';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { OtpCodeInput } from '../../components';
import { errorMessage } from '../../lib/api';
import { loginStateOf, returnToOf, useSessionActor, useSessionSelector } from '../../lib/session';

/** The second factor: the form sends itself when the 7th digit arrives. */
export function OtpVerificationPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const location = useLocation();
  const loginState = useSessionSelector(loginStateOf);
  const loggingOut = useSessionSelector((snapshot) => snapshot.hasTag('loggingOut'));
  const verifying = useSessionSelector((snapshot) => snapshot.hasTag('verifying'));
  const code = useSessionSelector((snapshot) => snapshot.context.otpCode);
  const verifyError = useSessionSelector((snapshot) => snapshot.context.verifyError);

  if (loginState === LoginState.LOGGED_IN) return <Navigate to={returnToOf(location.state)} replace />;
  if (loginState === LoginState.NOT_LOGGED_IN && !loggingOut) return <Navigate to={ROUTES.login} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'session.otpChanged', code });
  };

  return (
    <form data-testid={TestId.otp.form} className="auth-form" onSubmit={submit}>
      <h2 className="bp6-heading">{t('otpVerification.page.title')}</h2>
      <p>{t('otpVerification.form.intro')}</p>
      <FormGroup label={t('otpVerification.form.code')} labelFor="otp-code">
        <OtpCodeInput
          testId={TestId.otp.code}
          label={t('otpVerification.form.code')}
          value={code}
          onChange={(next) => session.send({ type: 'session.otpChanged', code: next })}
          disabled={verifying}
          intent={verifyError !== null ? 'danger' : 'none'}
          autoFocus
        />
      </FormGroup>
      {verifyError !== null && !verifying && (
        <Callout intent="danger" icon="error" className="auth-error" data-testid={TestId.otp.error} role="alert">
          {errorMessage(t, verifyError)}
        </Callout>
      )}
      <div className="auth-actions">
        <Button variant="minimal" onClick={() => session.send({ type: 'session.logout' })} disabled={verifying}>
          {t('otpVerification.form.otherUser')}
        </Button>
        <Button type="submit" intent="primary" loading={verifying} data-testid={TestId.otp.submit}>
          {t('otpVerification.form.submit')}
        </Button>
      </div>
    </form>
  );
}
