import { Callout } from '@blueprintjs/core';
import { ROUTES, SessionEndReasonSchema, TestId, type SessionEndReason } from '@halo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSessionActor, useSessionSelector } from '../../lib/session';

/** Static keys per reason (no keys built from data). */
const REASON_KEYS: Record<SessionEndReason | 'unknown', string> = {
  expired: 'sessionExpired.reason.expired',
  replaced: 'sessionExpired.reason.replaced',
  loggedOut: 'sessionExpired.reason.loggedOut',
  disabled: 'sessionExpired.reason.disabled',
  permissionsChanged: 'sessionExpired.reason.permissionsChanged',
  deleted: 'sessionExpired.reason.deleted',
  revoked: 'sessionExpired.reason.revoked',
  unknown: 'sessionExpired.reason.unknown',
};

/** Where a session that ended by itself lands: why it ended, and the way back in. */
export function SessionExpiredPage() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const location = useLocation();
  const contextReason = useSessionSelector((snapshot) => snapshot.context.endReason);
  const stateReason = SessionEndReasonSchema.safeParse((location.state as { reason?: unknown } | null)?.reason);
  const reason = stateReason.success ? stateReason.data : (contextReason ?? 'unknown');

  // The reason travelled here in the location state; the session may forget it now.
  useEffect(() => {
    session.send({ type: 'session.endAcknowledged' });
  }, [session]);

  return (
    <div className="auth-form" data-testid={TestId.sessionExpired.page}>
      <h2 className="bp6-heading">{t('sessionExpired.page.title')}</h2>
      <Callout intent="warning" icon="time" data-testid={TestId.sessionExpired.reason}>
        {t(REASON_KEYS[reason])}
      </Callout>
      <div className="auth-actions">
        <Link to={ROUTES.login} data-testid={TestId.sessionExpired.loginLink}>
          {t('sessionExpired.page.loginLink')}
        </Link>
      </div>
    </div>
  );
}
