import { LoginState, ROUTES } from '@halo/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginStateOf, returnStateOf, useSessionSelector } from '../lib/session';

/**
 * The navigation guard of spec section 2 for every route: a session that ended by itself
 * goes to session expired, and a pending second factor goes to OTP verification.
 */
export function SessionGate() {
  const location = useLocation();
  const { pathname } = location;
  const loginState = useSessionSelector(loginStateOf);
  const endReason = useSessionSelector((snapshot) => snapshot.context.endReason);
  if (endReason && pathname !== ROUTES.sessionExpired) {
    return <Navigate to={ROUTES.sessionExpired} replace state={{ reason: endReason }} />;
  }
  if (loginState === LoginState.NOT_VERIFIED && pathname !== ROUTES.otpVerification) {
    // The address asked for before logging in, or now, goes on to the second factor (returnTo.ts).
    return (
      <Navigate to={ROUTES.otpVerification} replace state={(location.state as unknown) ?? returnStateOf(location)} />
    );
  }
  return <Outlet />;
}

/** The app layout's guard: no session (or no token) goes to login, which brings the visitor back here once in. */
export function RequireSession({ children }: { readonly children: ReactNode }) {
  const location = useLocation();
  const allowed = useSessionSelector(
    (snapshot) =>
      (snapshot.hasTag('loggedIn') || snapshot.hasTag('loggingOut')) && Boolean(snapshot.context.session?.token),
  );
  const loggedOutByUser = useSessionSelector((snapshot) => snapshot.context.loggedOutByUser);
  if (!allowed)
    return <Navigate to={ROUTES.login} replace state={loggedOutByUser ? undefined : returnStateOf(location)} />;
  return <>{children}</>;
}
