import './home.css';
import { AnchorButton, Card, Elevation, H3, H4, Tag } from '@blueprintjs/core';
import { can, CLOUD_REALM_TYPE, ROUTES, TestId, TwoFactorStatus } from '@halo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { appSummary } from '../../lib/fleet';
import { useSessionSubject } from '../../lib/session';
import { FleetOverview } from './components/FleetOverview';
import { WallDisplaysCard } from './components/WallDisplaysCard';

/** The overview: who and where, the fleet at a glance (live), and the NOC wall with its displays. */
export function HomePage() {
  const { t } = useTranslation();
  const { session, subject, environmentId } = useSessionSubject();
  const summary = useMemo(() => appSummary(environmentId), [environmentId]);
  if (!session) return null;
  const realm =
    session.realm_type === CLOUD_REALM_TYPE ? t('shell.profile.realmCloud') : t('shell.profile.realmOnPremises');
  const twoFactorActive = session.two_factor_auth.setup_status === TwoFactorStatus.ACTIVE;
  const canViewDevices = can(subject, 'devices.view');
  const canManageWall = can(subject, 'wallDisplays.manage');
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
      {canViewDevices && (
        <div className="home-grid">
          <FleetOverview summary$={summary.summary$} />
          <Card elevation={Elevation.ONE} className="home-card home-wall">
            <H4>{t('home.wall.title')}</H4>
            <p className="bp6-text-muted">{t('home.wall.description')}</p>
            <AnchorButton
              icon="full-stacked-chart"
              href={ROUTES.wall}
              target="_blank"
              rel="noopener"
              text={t('home.wall.open')}
              data-testid={TestId.home.wallLink}
            />
          </Card>
          {canManageWall && <WallDisplaysCard environmentId={environmentId} />}
        </div>
      )}
    </div>
  );
}
