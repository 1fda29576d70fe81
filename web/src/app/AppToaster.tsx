import { OverlayToaster } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useEffect, useRef } from 'react';
import { notifications$, type NotificationKind } from '../lib/notify';

const INTENTS: Record<NotificationKind, 'success' | 'danger' | 'primary'> = {
  success: 'success',
  error: 'danger',
  info: 'primary',
};

/** The one toaster of the app; every toast passes through `notify()`. */
export function AppToaster() {
  const toaster = useRef<OverlayToaster>(null);
  useEffect(() => {
    const subscription = notifications$.subscribe(({ message, kind, timeoutMs }) => {
      toaster.current?.show({
        message: <span data-testid={TestId.shell.toast}>{message}</span>,
        intent: INTENTS[kind],
        icon: kind === 'error' ? 'error' : kind === 'success' ? 'tick-circle' : 'info-sign',
        timeout: timeoutMs,
      });
    });
    return () => subscription.unsubscribe();
  }, []);
  return <OverlayToaster ref={toaster} position="top" maxToasts={4} />;
}
