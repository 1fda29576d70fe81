import { createActorContext } from '@xstate/react';
import { useMemo } from 'react';
import { sessionMachine, subjectOf } from './sessionMachine';

/** The session actor for React: one per app, created by `SessionContext.Provider`. */
export const SessionContext = createActorContext(sessionMachine);

export const useSessionSelector = SessionContext.useSelector;
export const useSessionActor = SessionContext.useActorRef;

/**
 * The signed-in session and what it may do (`can()`'s subject), with the environment every
 * call of the screen is scoped to (0 without a session).
 */
export function useSessionSubject() {
  const session = useSessionSelector((snapshot) => snapshot.context.session);
  const subject = useMemo(() => subjectOf(session), [session]);
  return { session, subject, environmentId: session?.environment_id ?? 0 };
}
