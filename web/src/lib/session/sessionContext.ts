import { createActorContext } from '@xstate/react';
import { sessionMachine } from './sessionMachine';

/** The session actor for React: one per app, created by `SessionContext.Provider`. */
export const SessionContext = createActorContext(sessionMachine);

export const useSessionSelector = SessionContext.useSelector;
export const useSessionActor = SessionContext.useActorRef;
