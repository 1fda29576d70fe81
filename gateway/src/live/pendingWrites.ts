import type { LiveSocket } from './liveTypes.js';

export interface PendingWrites {
  /** Packets engine.io holds because the transport is still busy with earlier ones. */
  readonly packets: number;
  /** Bytes of those packets plus what the TCP socket has not handed to the kernel yet. */
  readonly bytes: number;
  /** Whether the transport takes a new write right away. */
  readonly writable: boolean;
}

interface EngineInternals {
  writeBuffer?: { data?: unknown }[];
  transport?: { writable?: boolean; socket?: { _socket?: { writableLength?: number }; bufferedAmount?: number } };
}

/**
 * What is waiting to be written to one socket. engine.io queues packets while its transport
 * waits for the previous write to reach the kernel; a client that does not read makes that
 * queue (and the TCP socket's own buffer) grow. These are engine.io and ws internals, read
 * defensively: anything missing counts as nothing pending.
 */
export function pendingWrites(socket: LiveSocket): PendingWrites {
  const conn = socket.conn as unknown as EngineInternals;
  const queue = Array.isArray(conn.writeBuffer) ? conn.writeBuffer : [];
  let bytes = 0;
  for (const packet of queue) {
    if (typeof packet.data === 'string') bytes += packet.data.length;
    else if (packet.data instanceof Uint8Array) bytes += packet.data.byteLength;
  }
  const raw = conn.transport?.socket;
  bytes += raw?._socket?.writableLength ?? 0;
  return { packets: queue.length, bytes, writable: conn.transport?.writable !== false };
}
