import { ROUTES, type MenuItem } from '@halo/shared';
import type { RouteObject } from 'react-router-dom';
import { AuthLayout, NotAvailableYet } from '../components';
import { DataPathPage } from '../features/data-path';
import { DevicesPage } from '../features/devices';
import { EnvironmentsPage } from '../features/environments';
import { ForgotPasswordPage } from '../features/forgot-password';
import { HomePage } from '../features/home';
import { LoginPage } from '../features/login';
import { NotFoundPage } from '../features/not-found';
import { OtpVerificationPage } from '../features/otp-verification';
import { ResetPasswordPage } from '../features/reset-password';
import { WallPage } from '../features/wall';
import { SessionExpiredPage } from '../features/session-expired';
import { UsersPage } from '../features/users';
import { AppShell, MENU_ENTRIES, type RouteHandle } from '../features/shell';
import { DocumentTitle } from './DocumentTitle';
import { RouteError } from './RouteError';
import { ScreenGate } from './ScreenGate';
import { RequireSession, SessionGate } from './SessionGate';

const handle = (titleKey: string): RouteHandle => ({ titleKey });

/** Screens later issues build: their routes exist, behind their permission, saying so. */
const LATER_SCREENS = [
  { item: 'versionsManagement', path: ROUTES.versionsManagement },
  { item: 'thresholds', path: ROUTES.thresholds },
  { item: 'usageMonitoring', path: ROUTES.usageMonitoring },
  { item: 'auditLog', path: ROUTES.auditLog },
  { item: 'systemLog', path: ROUTES.systemLog },
  { item: 'messagingLog', path: ROUTES.messagingLog },
  { item: 'heatSight', path: ROUTES.heatSight },
] as const satisfies readonly { item: MenuItem; path: string }[];

/** The routes of spec section 2. */
export const APP_ROUTES: RouteObject[] = [
  {
    element: <DocumentTitle />,
    errorElement: <RouteError />,
    children: [
      // The NOC wall has its own read-only display session; it is not behind the login guard.
      { path: ROUTES.wall, element: <WallPage />, handle: handle('wall.page.title') },
      {
        element: <SessionGate />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: ROUTES.login, element: <LoginPage />, handle: handle('login.page.title') },
              {
                path: ROUTES.forgotPassword,
                element: <ForgotPasswordPage />,
                handle: handle('forgotPassword.page.title'),
              },
              {
                path: ROUTES.resetPassword,
                element: <ResetPasswordPage />,
                handle: handle('resetPassword.page.title'),
              },
              {
                path: ROUTES.otpVerification,
                element: <OtpVerificationPage />,
                handle: handle('otpVerification.page.title'),
              },
              {
                path: ROUTES.sessionExpired,
                element: <SessionExpiredPage />,
                handle: handle('sessionExpired.page.title'),
              },
            ],
          },
          {
            element: (
              <RequireSession>
                <AppShell />
              </RequireSession>
            ),
            children: [
              { index: true, element: <HomePage />, handle: handle(MENU_ENTRIES.home.labelKey) },
              {
                path: ROUTES.environments,
                element: (
                  <ScreenGate item="environments">
                    <EnvironmentsPage />
                  </ScreenGate>
                ),
                handle: handle(MENU_ENTRIES.environments.labelKey),
              },
              {
                path: ROUTES.users,
                element: (
                  <ScreenGate item="users">
                    <UsersPage />
                  </ScreenGate>
                ),
                handle: handle(MENU_ENTRIES.users.labelKey),
              },
              {
                path: ROUTES.dataPath,
                element: (
                  <ScreenGate item="dataPath">
                    <DataPathPage />
                  </ScreenGate>
                ),
                handle: handle(MENU_ENTRIES.dataPath.labelKey),
              },
              {
                path: ROUTES.devices,
                element: (
                  <ScreenGate item="devices">
                    <DevicesPage />
                  </ScreenGate>
                ),
                handle: handle(MENU_ENTRIES.devices.labelKey),
              },
              ...LATER_SCREENS.map(({ item, path }): RouteObject => ({
                path,
                element: (
                  <ScreenGate item={item}>
                    <NotAvailableYet />
                  </ScreenGate>
                ),
                handle: handle(MENU_ENTRIES[item].labelKey),
              })),
            ],
          },
          { path: '*', element: <NotFoundPage />, handle: handle('notFound.page.title') },
        ],
      },
    ],
  },
];
