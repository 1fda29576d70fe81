import { PacketType } from 'socket.io-parser';
import * as ws from 'ws';
import { sharedEncodingParser } from '../sharedEncoding.js';
import type { LiveNamespace, LiveSocket } from '../liveTypes.js';

/** engine.io and ws internals this reads, defensively: anything unexpected takes socket.io's own path. */
interface EngineConnection {
  readyState?: string;
  writeBuffer?: unknown[];
  transport?: {
    name?: string;
    writable?: boolean;
    perMessageDeflate?: unknown;
    socket?: { _sender?: { sendFrame?: (list: Buffer[], cb?: () => void) => void; _queue?: unknown[] } };
  };
}

interface FrameOptions {
  readOnly: boolean;
  mask: boolean;
  rsv1: boolean;
  opcode: number;
  fin: boolean;
}
/** ws's framing (the function engine.io's pre-encoded broadcast frames are made with), untyped in @types/ws. */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

const encoder = new sharedEncodingParser.Encoder();

/**
 * One WebSocket frame of an event, made once: a text message ("4", engine.io's message type,
 * then socket.io's encoding of the event). A server's frames are not masked, so the same bytes
 * go to every socket. Null when the event does not encode to a single text packet (binary
 * attachments): those go through socket.io.
 */
export function eventFrame(namespace: LiveNamespace, event: string, payload: unknown): Buffer | null {
  const encoded = encoder.encode({ type: PacketType.EVENT, nsp: namespace.name, data: [event, payload] });
  if (encoded.length !== 1 || typeof encoded[0] !== 'string') return null;
  const frame = Sender.frame(Buffer.from(`4${encoded[0]}`), {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 1,
    fin: true,
  });
  return Buffer.concat(frame);
}

/**
 * Writes a frame made by eventFrame straight to the socket's WebSocket when nothing is queued
 * before it (engine.io's buffer empty, its transport writable, no compression): the bytes
 * socket.io's broadcast would write, without its per-socket packets, events and callbacks
 * (about half of a 10,000-socket fan-out's time, bench:live). False when the socket is in any
 * other state: the caller sends the event through socket.io, which keeps the order.
 */
export function writeFrame(socket: LiveSocket, frame: Buffer): boolean {
  if (!socket.connected) return false;
  const conn = socket.conn as unknown as EngineConnection;
  const transport = conn.transport;
  const sender = transport?.socket?._sender;
  if (
    conn.readyState !== 'open' ||
    conn.writeBuffer?.length !== 0 ||
    transport?.name !== 'websocket' ||
    transport.writable !== true ||
    transport.perMessageDeflate ||
    typeof sender?.sendFrame !== 'function' ||
    (sender._queue?.length ?? 0) !== 0
  )
    return false;
  sender.sendFrame([frame]);
  return true;
}

/**
 * An event to every socket of a room of this gateway (a room named by a socket's id is that
 * socket): framed once, the same bytes written to each socket that takes them (writeFrame),
 * socket.io's own path for the others. `admit` may keep a socket out (a slow consumer).
 * What socket.io's `namespace.local.to(room).emit` does, at about half the cost per socket.
 */
export function broadcastFramed(
  namespace: LiveNamespace,
  room: string,
  event: string,
  payload: unknown,
  admit?: (socket: LiveSocket) => boolean,
): void {
  const members = namespace.adapter.rooms.get(room);
  if (!members || members.size === 0) return;
  const frame = eventFrame(namespace, event, payload);
  for (const socketId of [...members]) {
    const socket = namespace.sockets.get(socketId);
    if (!socket || (admit && !admit(socket))) continue;
    if (frame === null || !writeFrame(socket, frame))
      (socket as unknown as { emit(event: string, payload: unknown): void }).emit(event, payload);
  }
}
