import { H2 } from '@blueprintjs/core';
import { can, ROUTES, TestId } from '@halo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { prepareFleetWorker } from '../../lib/fleet';
import { usePageTitleText, type ScreenEntry } from '../../lib/screens';
import { shouldRemindOtp, useSessionActor, useSessionSelector, useSessionSubject } from '../../lib/session';
import { searchSourcesOf } from '../global-search';
import { SettingsDialog } from '../settings';
import { AboutDialog } from './components/AboutDialog';
import { LogoutDialog } from './components/LogoutDialog';
import { OtpReminderDialog } from './components/OtpReminderDialog';
import { SideDrawer } from './components/SideDrawer';
import { TopBar } from './components/TopBar';
import { menuSections } from './menuEntries';
import { usePageTitleKey } from './usePageTitleKey';
import { useWideScreen } from './useWideScreen';

type ShellDialog = 'settings' | 'about' | 'logout' | null;

export interface AppShellProps {
  /** The screens behind the login, in menu order: the side drawer and global search are built from them. */
  readonly screens: readonly ScreenEntry[];
}

/**
 * The app layout: top bar, side drawer, page title and the shell's dialogs. The app hands it
 * the screens (features do not import the app), so the menu and the search lists follow them.
 */
export function AppShell({ screens }: AppShellProps) {
  const { t } = useTranslation();
  const menu = useMemo(() => menuSections(screens), [screens]);
  const searchSources = useMemo(() => searchSourcesOf(screens), [screens]);
  const navigate = useNavigate();
  const session = useSessionActor();
  const { pathname } = useLocation();
  const wide = useWideScreen();
  const titleKey = usePageTitleKey();
  const pageTitle = usePageTitleText();
  const remindOtp = useSessionSelector((snapshot) => snapshot.hasTag('loggedIn') && shouldRemindOtp(snapshot.context));
  const [dialog, setDialog] = useState<ShellDialog>(null);
  // The drawer is open for the path it was opened on: a route change closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenedOn === pathname;
  // A fleet worker loaded while the page is idle: the Devices screen then opens without waiting for one.
  const { subject } = useSessionSubject();
  const viewsDevices = can(subject, 'devices.view');
  useEffect(() => {
    if (!viewsDevices) return undefined;
    const idle = window.setTimeout(prepareFleetWorker, 500);
    return () => window.clearTimeout(idle);
  }, [viewsDevices]);

  return (
    <div className="app-shell">
      <TopBar
        searchSources={searchSources}
        onToggleDrawer={() => setDrawerOpenedOn(drawerOpen ? null : pathname)}
        onSettings={() => setDialog('settings')}
        onAbout={() => setDialog('about')}
        onLogout={() => setDialog('logout')}
      />
      <div className="app-body">
        <SideDrawer wide={wide} open={drawerOpen} sections={menu} />
        {!wide && drawerOpen && (
          <div className="side-drawer-backdrop" role="presentation" onClick={() => setDrawerOpenedOn(null)} />
        )}
        <main className="app-content">
          <header className="page-header">
            <H2 data-testid={TestId.shell.pageTitle}>
              {/* A page's own title is a name (a device's): kept whole in a right-to-left heading. */}
              {pageTitle !== null ? <bdi>{pageTitle}</bdi> : titleKey ? t(titleKey) : t('app.product.name')}
            </H2>
          </header>
          <Outlet />
        </main>
      </div>
      <LogoutDialog
        isOpen={dialog === 'logout'}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          session.send({ type: 'session.logout' });
          // Off to login with no address to come back to: that is for visitors sent there (returnTo.ts).
          void navigate(ROUTES.login, { replace: true });
        }}
      />
      <AboutDialog isOpen={dialog === 'about'} onClose={() => setDialog(null)} />
      <SettingsDialog isOpen={dialog === 'settings'} onClose={() => setDialog(null)} />
      <OtpReminderDialog
        isOpen={remindOtp && dialog === null}
        onLater={() => session.send({ type: 'session.otpReminderPostponed' })}
        onSetupNow={() => {
          session.send({ type: 'session.otpReminderPostponed' });
          setDialog('settings');
        }}
      />
    </div>
  );
}
