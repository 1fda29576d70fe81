import type { LiveSocket } from '../liveTypes.js';

/** Closes the socket's connection at once, as a lost transport (the client reconnects by itself). */
export function dropConnection(socket: LiveSocket): void {
  const transport = (socket.conn as unknown as { transport?: { socket?: { terminate?: () => void } } }).transport;
  if (typeof transport?.socket?.terminate === 'function') transport.socket.terminate();
  else socket.conn.close();
}
