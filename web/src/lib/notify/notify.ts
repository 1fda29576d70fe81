import { SHELL_SNACKBAR_TIMEOUT_MS } from '@halo/shared';
import { Subject } from 'rxjs';

export type NotificationKind = 'success' | 'error' | 'info';

export interface Notification {
  /** Already translated text. */
  readonly message: string;
  readonly kind: NotificationKind;
  readonly timeoutMs: number;
}

/** Every toast of the app passes here; one toaster in the app shows them (wired once). */
export const notifications$ = new Subject<Notification>();

export function notify(message: string, kind: NotificationKind = 'info', timeoutMs = SHELL_SNACKBAR_TIMEOUT_MS): void {
  notifications$.next({ message, kind, timeoutMs });
}

export const notifySuccess = (message: string, timeoutMs?: number) => notify(message, 'success', timeoutMs);
export const notifyError = (message: string, timeoutMs?: number) => notify(message, 'error', timeoutMs);
