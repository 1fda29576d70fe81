import { isMenuItemEnabled, type MenuItem } from '@halo/shared';
import type { ReactNode } from 'react';
import { NotPermitted } from '../components';
import { subjectOf, useSessionSelector } from '../lib/session';

/** A screen behind its menu item's view permission. */
export function ScreenGate({ item, children }: { readonly item: MenuItem; readonly children: ReactNode }) {
  const allowed = useSessionSelector((snapshot) => isMenuItemEnabled(subjectOf(snapshot.context.session), item));
  return allowed ? <>{children}</> : <NotPermitted />;
}
