import { Dialog, Menu, MenuItem } from '@blueprintjs/core';
import { LAYOUT_SIZES, TestId } from '@halo/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { useSessionActor, useSessionSelector } from '../../lib/session';
import { NotificationsPanel } from './components/NotificationsPanel';
import { TimeZonePanel } from './components/TimeZonePanel';
import { TwoFactorPanel } from './components/TwoFactorPanel';
import type { TwoFactorSettingsOutput } from './twoFactorSettingsMachine';

export interface SettingsDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

type SettingsPanel = 'twoFactor' | 'notifications' | 'timeZone';

/**
 * Settings: 800 wide, a 200 wide navigation: two-factor authentication (first), alarm
 * notifications and the time zone (issue 39, item 15). The two-factor panel stays mounted while another is shown, so a setup in
 * progress survives a look at notifications, and closing the dialog still cancels through it
 * (the session learns the status it left).
 */
export function SettingsDialog({ isOpen, onClose }: SettingsDialogProps) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const setupStatus = useSessionSelector((snapshot) => snapshot.context.session?.two_factor_auth.setup_status);
  const cancelRef = useRef<() => void>(onClose);
  const [panel, setPanel] = useState<SettingsPanel>('twoFactor');

  const handleDone = useCallback(
    (output: TwoFactorSettingsOutput) => {
      if (output.result === 'activated') notifySuccess(t('settings.twoFactor.activatedSuccess'));
      if (output.result === 'deactivated') notifySuccess(t('settings.twoFactor.deactivatedSuccess'));
      session.send({ type: 'session.twoFactorChanged', setupStatus: output.setupStatus });
      onClose();
    },
    [onClose, session, t],
  );
  const handleCancelReady = useCallback((cancel: () => void) => {
    cancelRef.current = cancel;
  }, []);

  return (
    <Dialog
      isOpen={isOpen && setupStatus !== undefined}
      onClose={() => cancelRef.current()}
      onClosed={() => setPanel('twoFactor')}
      title={t('settings.dialog.title')}
      icon="cog"
      style={{ width: LAYOUT_SIZES.dialogWidths.wide, maxWidth: 'calc(100vw - 32px)' }}
    >
      <div className="settings-dialog" data-testid={TestId.settings.dialog}>
        <nav className="settings-nav" style={{ width: LAYOUT_SIZES.settingsNavWidth }}>
          <Menu>
            <MenuItem
              active={panel === 'twoFactor'}
              multiline
              icon="shield"
              text={t('settings.nav.twoFactor')}
              onClick={() => setPanel('twoFactor')}
              data-testid={TestId.settings.twoFactorNav}
            />
            <MenuItem
              active={panel === 'notifications'}
              multiline
              icon="notifications"
              text={t('settings.nav.notifications')}
              onClick={() => setPanel('notifications')}
              data-testid={TestId.settings.notificationsNav}
            />
            <MenuItem
              active={panel === 'timeZone'}
              multiline
              icon="time"
              text={t('settings.nav.timeZone')}
              onClick={() => setPanel('timeZone')}
              data-testid={TestId.settings.timeZoneNav}
            />
          </Menu>
        </nav>
        <section className="settings-content" hidden={panel !== 'twoFactor'}>
          {setupStatus !== undefined && (
            <TwoFactorPanel setupStatus={setupStatus} onDone={handleDone} onCancelReady={handleCancelReady} />
          )}
        </section>
        {panel === 'notifications' && (
          <section className="settings-content">
            <NotificationsPanel />
          </section>
        )}
        {panel === 'timeZone' && (
          <section className="settings-content">
            <TimeZonePanel />
          </section>
        )}
      </div>
    </Dialog>
  );
}
