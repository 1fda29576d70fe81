import type { Namespace, Server, Socket } from 'socket.io';
import type { LiveClientToServerEvents, LiveServerToClientEvents, LoginResponse } from '@halo/shared';

/** What the gateway keeps per socket once the handshake proved the session. */
export interface LiveSocketData {
  token: string;
  userId: number;
  environmentId: number;
  session: LoginResponse;
  /** Set once `session.ended` was sent; the socket closes shortly after. */
  ended?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no events between gateways yet
export interface LiveInterServerEvents {}

export type LiveServer = Server<
  LiveClientToServerEvents,
  LiveServerToClientEvents,
  LiveInterServerEvents,
  LiveSocketData
>;
export type LiveNamespace = Namespace<
  LiveClientToServerEvents,
  LiveServerToClientEvents,
  LiveInterServerEvents,
  LiveSocketData
>;
export type LiveSocket = Socket<
  LiveClientToServerEvents,
  LiveServerToClientEvents,
  LiveInterServerEvents,
  LiveSocketData
>;

/** Rooms for fan-out by later issues. */
export const userRoom = (userId: number) => `user:${userId}`;
export const environmentRoom = (environmentId: number) => `env:${environmentId}`;
