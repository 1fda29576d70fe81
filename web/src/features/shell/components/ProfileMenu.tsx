import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Switch } from '@blueprintjs/core';
import { CLOUD_REALM_TYPE, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useObservableValue } from '../../../lib/realtime';
import { useSessionSelector } from '../../../lib/session';
import { themeStore } from '../../../lib/theme';

export interface ProfileMenuProps {
  readonly onSettings: () => void;
  readonly onAbout: () => void;
  readonly onLogout: () => void;
}

/** Who is logged in, where, and the settings, About and logout entries. */
export function ProfileMenu({ onSettings, onAbout, onLogout }: ProfileMenuProps) {
  const { t } = useTranslation();
  const session = useSessionSelector((snapshot) => snapshot.context.session);
  const theme = themeStore();
  const isDark = useObservableValue(theme.isDark$, theme.isDark);
  if (!session) return null;
  const realm =
    session.realm_type === CLOUD_REALM_TYPE ? t('shell.profile.realmCloud') : t('shell.profile.realmOnPremises');
  const menu = (
    <Menu className="profile-menu">
      <li className="profile-menu-header">
        <div className="profile-menu-name" data-testid={TestId.shell.profileName}>
          {session.name}
        </div>
        <div className="bp6-text-muted" data-testid={TestId.shell.profileEnvironment}>
          {t('shell.profile.environment', { name: session.environment_name })}
        </div>
        <div className="bp6-text-muted" data-testid={TestId.shell.profileRealm}>
          {realm}
        </div>
      </li>
      <MenuDivider />
      <MenuItem
        icon="cog"
        text={t('shell.profile.settings')}
        data-testid={TestId.shell.settingsItem}
        onClick={onSettings}
      />
      <MenuItem
        icon="info-sign"
        text={t('shell.profile.about')}
        data-testid={TestId.shell.aboutItem}
        onClick={onAbout}
      />
      <li className="profile-menu-theme">
        <Switch
          checked={isDark}
          label={t('shell.profile.darkTheme')}
          data-testid={TestId.shell.darkTheme}
          onChange={(event) => theme.setDark(event.currentTarget.checked)}
        />
      </li>
      <MenuDivider />
      <MenuItem
        icon="log-out"
        text={t('shell.profile.logout')}
        data-testid={TestId.shell.logoutItem}
        onClick={onLogout}
      />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" arrow={false} animation="minimal">
      <Button
        variant="minimal"
        icon="user"
        endIcon="caret-down"
        text={<span className="profile-button-name">{session.name}</span>}
        aria-label={t('shell.profile.button')}
        data-testid={TestId.shell.profileButton}
      />
    </PopoverNext>
  );
}
