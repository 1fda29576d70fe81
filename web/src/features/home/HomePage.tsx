import { Card, Elevation, H3, Tag } from '@blueprintjs/core';
import { CLOUD_REALM_TYPE, TwoFactorStatus } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useSessionSelector } from '../../lib/session';

/** The overview; device and application status summaries arrive with the devices issue. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSessionSelector((snapshot) => snapshot.context.session);
  if (!session) return null;
  const realm =
    session.realm_type === CLOUD_REALM_TYPE ? t('shell.profile.realmCloud') : t('shell.profile.realmOnPremises');
  const twoFactorActive = session.two_factor_auth.setup_status === TwoFactorStatus.ACTIVE;
  return (
    <div className="home-page">
      <Card elevation={Elevation.ONE} className="home-overview" data-testid="home-overview">
        <H3>{t('home.overview.greeting', { name: session.name })}</H3>
        <p>{t('home.overview.environment', { environment: session.environment_name })}</p>
        <div className="home-tags">
          <Tag minimal icon="cloud">
            {t('home.overview.realm', { realm })}
          </Tag>
          <Tag minimal icon="shield" intent={twoFactorActive ? 'success' : 'warning'}>
            {t('home.overview.twoFactor', {
              status: twoFactorActive ? t('settings.twoFactor.statusActive') : t('settings.twoFactor.statusInactive'),
            })}
          </Tag>
        </div>
      </Card>
    </div>
  );
}
