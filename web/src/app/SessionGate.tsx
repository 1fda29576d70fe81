import { LoginState, ROUTES } from '@halo/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginStateOf, useSessionSelector } from '../lib/session';

/**
 * The navigation guard of spec section 2 for every route: a session that ended by itself
 * goes to session expired, and a pending second factor goes to OTP verification.
 */
export function SessionGate() {
  const { pathname } = useLocation();
  const loginState = useSessionSelector(loginStateOf);
  const endReason = useSessionSelector((snapshot) => snapshot.context.endReason);
  if (endReason && pathname !== ROUTES.sessionExpired) {
    return <Navigate to={ROUTES.sessionExpired} replace state={{ reason: endReason }} />;
  }
  if (loginState === LoginState.NOT_VERIFIED && pathname !== ROUTES.otpVerification) {
    return <Navigate to={ROUTES.otpVerification} replace />;
  }
  return <Outlet />;
}

/** The app layout's guard: no session (or no token) goes to login. */
export function RequireSession({ children }: { readonly children: ReactNode }) {
  const allowed = useSessionSelector(
    (snapshot) =>
      (snapshot.hasTag('loggedIn') || snapshot.hasTag('loggingOut')) && Boolean(snapshot.context.session?.token),
  );
  if (!allowed) return <Navigate to={ROUTES.login} replace />;
  return <>{children}</>;
}
