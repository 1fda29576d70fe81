import { Button, Callout, FormGroup, H4, Spinner, Tag } from '@blueprintjs/core';
import { TestId, TwoFactorStatus, type TwoFactorStatus as TwoFactorStatusValue } from '@halo/shared';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpCodeInput } from '../../../components';
import { twoFactorSettingsMachine, type TwoFactorSettingsOutput } from '../twoFactorSettingsMachine';

/** Where to get an authenticator app (spec section 4, step 2). */
const AUTHENTICATOR_APPS = [
  { labelKey: 'settings.twoFactor.appGoogle', href: 'https://support.google.com/accounts/answer/1066447' },
  { labelKey: 'settings.twoFactor.appMicrosoft', href: 'https://www.microsoft.com/security/mobile-authenticator-app' },
  { labelKey: 'settings.twoFactor.appFreeOtp', href: 'https://freeotp.github.io/' },
] as const;

const STATUS_KEYS: Record<TwoFactorStatusValue, string> = {
  [TwoFactorStatus.INACTIVE]: 'settings.twoFactor.statusInactive',
  [TwoFactorStatus.PENDING]: 'settings.twoFactor.statusPending',
  [TwoFactorStatus.ACTIVE]: 'settings.twoFactor.statusActive',
};

export interface TwoFactorPanelProps {
  readonly setupStatus: TwoFactorStatusValue;
  readonly onDone: (output: TwoFactorSettingsOutput) => void;
  /** Lets the dialog's close button cancel through the machine. */
  readonly onCancelReady: (cancel: () => void) => void;
}

/** Steps 1-3 of the 2FA settings (spec section 4), driven by twoFactorSettingsMachine. */
export function TwoFactorPanel({ setupStatus, onDone, onCancelReady }: TwoFactorPanelProps) {
  const { t } = useTranslation();
  const [snapshot, send, actorRef] = useMachine(twoFactorSettingsMachine, { input: { setupStatus } });
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');

  useEffect(() => {
    const subscription = actorRef.subscribe((next) => {
      if (next.status === 'done' && next.output) onDone(next.output);
    });
    onCancelReady(() => actorRef.send({ type: 'twoFactor.cancel' }));
    return () => subscription.unsubscribe();
  }, [actorRef, onDone, onCancelReady]);

  // The same 7-digit field activates (step 2) and deactivates (step 3).
  const codeInput = (
    <OtpCodeInput
      testId={TestId.settings.code}
      label={t('settings.twoFactor.code')}
      value={context.code}
      onChange={(code) => send({ type: 'twoFactor.codeChanged', code })}
      disabled={busy}
      intent={context.errorKey ? 'danger' : 'none'}
      autoFocus
    />
  );
  const error = context.errorKey ? (
    <Callout intent="danger" icon="error" data-testid={TestId.settings.error} role="alert">
      {t(context.errorKey)}
    </Callout>
  ) : null;

  return (
    <div className="two-factor-panel">
      <div className="two-factor-heading">
        <H4>{t('settings.twoFactor.title')}</H4>
        <Tag
          minimal
          intent={context.setupStatus === TwoFactorStatus.ACTIVE ? 'success' : 'none'}
          data-testid={TestId.settings.status}
        >
          {t('settings.twoFactor.statusLabel', { status: t(STATUS_KEYS[context.setupStatus]) })}
        </Tag>
      </div>

      {snapshot.hasTag('step1') && (
        <>
          <p>{t('settings.twoFactor.intro')}</p>
          {error}
          <Button
            intent="primary"
            icon="key"
            loading={busy}
            onClick={() => send({ type: 'twoFactor.generate' })}
            data-testid={TestId.settings.generate}
          >
            {t('settings.twoFactor.generate')}
          </Button>
        </>
      )}

      {snapshot.hasTag('step2') && (
        <>
          <p>{t('settings.twoFactor.scan')}</p>
          <p className="two-factor-apps">
            <span>{t('settings.twoFactor.apps')}</span>
            {AUTHENTICATOR_APPS.map((app) => (
              <a key={app.labelKey} href={app.href} target="_blank" rel="noreferrer noopener">
                {t(app.labelKey)}
              </a>
            ))}
          </p>
          <div className="two-factor-qr">
            <img
              src={context.qrDataUrl}
              alt={t('settings.twoFactor.qrAlt')}
              width={200}
              height={200}
              data-testid={TestId.settings.qr}
            />
          </div>
          <FormGroup label={t('settings.twoFactor.manualKey')}>
            <code className="two-factor-uri" data-testid={TestId.settings.otpUri} dir="ltr">
              {context.otpUri}
            </code>
          </FormGroup>
          <p>{t('settings.twoFactor.enterCode')}</p>
          <FormGroup label={t('settings.twoFactor.code')} labelFor="twofa-code">
            <div className="two-factor-code-row">
              {codeInput}
              {busy && <Spinner size={20} />}
            </div>
          </FormGroup>
          {error}
        </>
      )}

      {snapshot.hasTag('step3') && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'twoFactor.deactivate' });
          }}
        >
          <p>{t('settings.twoFactor.activeIntro')}</p>
          <FormGroup label={t('settings.twoFactor.code')} labelFor="twofa-code">
            {codeInput}
          </FormGroup>
          {error}
          <Button type="submit" intent="danger" icon="disable" loading={busy} data-testid={TestId.settings.deactivate}>
            {t('settings.twoFactor.deactivate')}
          </Button>
        </form>
      )}

      <div className="two-factor-footer">
        <Button onClick={() => send({ type: 'twoFactor.cancel' })} data-testid={TestId.settings.cancel}>
          {t('settings.twoFactor.cancel')}
        </Button>
      </div>
    </div>
  );
}
