export { SessionContext, useSessionActor, useSessionSelector, useSessionSubject } from './sessionContext';
export { loginStateOf, sessionMachine, shouldRemindOtp, subjectOf } from './sessionMachine';
export type { SessionContext as SessionMachineContext, SessionEvent, SessionSnapshot } from './sessionMachine';
export {
  clearStoredSession,
  currentToken,
  loadStoredSession,
  loadStoredToken,
  saveSession,
  SESSION_STORAGE_KEYS,
} from './sessionStore';
export type { StoredSession } from './sessionStore';
export { returnStateOf, returnToOf, type ReturnState } from './returnTo';
export { notificationSettingsSaved$ } from './notificationSettingsSaved';
