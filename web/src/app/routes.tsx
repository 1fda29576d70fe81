import { Spinner } from '@blueprintjs/core';
import { ROUTES } from '@halo/shared';
import { Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AuthLayout } from '../components';
import { ConfirmEmailPage } from '../features/confirm-email';
import { ForgotPasswordPage } from '../features/forgot-password';
import { LoginPage } from '../features/login';
import { NotFoundPage } from '../features/not-found';
import { OtpVerificationPage } from '../features/otp-verification';
import { ResetPasswordPage } from '../features/reset-password';
import { WallPage } from '../features/wall';
import { SessionExpiredPage } from '../features/session-expired';
import { AppShell, type RouteHandle } from '../features/shell';
import type { ScreenEntry } from '../lib/screens';
import { DocumentTitle } from './DocumentTitle';
import { RouteError } from './RouteError';
import { SCREENS } from './screenRegistry';
import { ScreenGate } from './ScreenGate';
import { RequireSession, SessionGate } from './SessionGate';

const handle = (titleKey: string): RouteHandle => ({ titleKey });

/** A page behind a menu item's permission. */
function gated(item: ScreenEntry['item'], Page: ComponentType) {
  return (
    <ScreenGate item={item}>
      {/* A screen whose code loads with its route (the usage charts, the map) shows a spinner meanwhile. */}
      <Suspense fallback={<Spinner className="screen-loading" />}>
        <Page />
      </Suspense>
    </ScreenGate>
  );
}

/** A screen of the registry as routes: its page, and the pages reached from it, behind its menu item's permission. */
function screenRoutes(screen: ScreenEntry): RouteObject[] {
  const titled = { element: gated(screen.item, screen.page), handle: handle(screen.labelKey) };
  const own: RouteObject = screen.path === ROUTES.home ? { index: true, ...titled } : { path: screen.path, ...titled };
  const pages = (screen.pages ?? []).map((page): RouteObject => ({
    path: page.path,
    element: gated(screen.item, page.page),
    handle: handle(page.titleKey),
  }));
  return [own, ...pages];
}

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
                path: ROUTES.confirmEmail,
                element: <ConfirmEmailPage />,
                handle: handle('confirmEmail.page.title'),
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
                <AppShell screens={SCREENS} />
              </RequireSession>
            ),
            children: SCREENS.flatMap(screenRoutes),
          },
          { path: '*', element: <NotFoundPage />, handle: handle('notFound.page.title') },
        ],
      },
    ],
  },
];
