import { Button, Navbar } from '@blueprintjs/core';
import { can, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components';
import type { SearchSource } from '../../../lib/screens';
import { useSessionSubject } from '../../../lib/session';
import { GlobalSearch } from '../../global-search';
import { AlarmBell } from './AlarmBell';
import { GlobalLoading } from './GlobalLoading';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ProfileMenu, type ProfileMenuProps } from './ProfileMenu';
import { RotatingBanner } from './RotatingBanner';
import { ServerClock } from './ServerClock';
import { UpstreamStatus } from './UpstreamStatus';

export interface TopBarProps extends ProfileMenuProps {
  readonly onToggleDrawer: () => void;
  readonly searchSources: readonly SearchSource[];
}

/**
 * Logo, search, banner, loading, server clock, the alarm bell (issue 27, for who may view
 * alarms), language and profile (spec section 2, Shell).
 */
export function TopBar({ onToggleDrawer, searchSources, ...profile }: TopBarProps) {
  const { t } = useTranslation();
  const { subject } = useSessionSubject();
  return (
    <Navbar className="top-bar bp6-dark" data-testid={TestId.shell.topBar}>
      <div className="top-bar-row">
        <div className="top-bar-start">
          <Button
            variant="minimal"
            icon="menu"
            aria-label={t('shell.drawer.toggle')}
            onClick={onToggleDrawer}
            data-testid={TestId.shell.drawerToggle}
          />
          <Logo />
          <GlobalSearch sources={searchSources} />
        </div>
        <div className="top-bar-middle">
          <RotatingBanner />
        </div>
        <div className="top-bar-end">
          <GlobalLoading />
          <UpstreamStatus />
          <ServerClock />
          {/* Its count is the gateway's fleet summary, which follows an environment for those who see its devices. */}
          {can(subject, 'alarms.view') && can(subject, 'devices.view') && <AlarmBell />}
          <LanguageSwitcher />
          <ProfileMenu {...profile} />
        </div>
      </div>
    </Navbar>
  );
}
