import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedEncodingParser } from '../sharedEncoding.js';
import type { LiveNamespace, LiveSocket } from '../liveTypes.js';
import { broadcastFramed, eventFrame, writeFrame } from './frameBroadcast.js';

let http: HttpServer | undefined;
let server: Server | undefined;
let client: ClientSocket | undefined;

afterEach(async () => {
  client?.close();
  await server?.close();
  http?.close();
  client = server = http = undefined;
});

/** A socket.io server with the gateway's parser and one connected WebSocket client. */
async function connected(): Promise<{ namespace: LiveNamespace; socket: LiveSocket; client: ClientSocket }> {
  http = createServer();
  server = new Server(http, { transports: ['websocket'], parser: sharedEncodingParser });
  const namespace = server.of('/live') as unknown as LiveNamespace;
  const joined = new Promise<LiveSocket>((resolve) => namespace.on('connection', resolve));
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}/live`, { transports: ['websocket'] });
  const socket = await joined;
  await new Promise<void>((resolve) => (client!.connected ? resolve() : client!.once('connect', () => resolve())));
  return { namespace, socket, client };
}

const received = (on: ClientSocket, event: string, count: number) =>
  new Promise<unknown[]>((resolve) => {
    const got: unknown[] = [];
    on.on(event, (payload: unknown) => {
      got.push(payload);
      if (got.length === count) resolve(got);
    });
  });

/** socket.io's own path, with a payload the typed events would not take. */
const emitThrough = (socket: LiveSocket, payload: unknown) =>
  (socket as unknown as { emit(event: string, payload: unknown): void }).emit('devices.delta', payload);

describe('frame broadcast', () => {
  it('writes the frame socket.io would send: the client hears the event as emitted', async () => {
    const { namespace, socket, client } = await connected();
    const heard = received(client, 'devices.delta', 1);
    const frame = eventFrame(namespace, 'devices.delta', { seq: 7, changed: [{ id: 1, name: 'שלום' }] });
    expect(frame).not.toBeNull();
    expect(writeFrame(socket, frame!)).toBe(true);
    expect(await heard).toEqual([{ seq: 7, changed: [{ id: 1, name: 'שלום' }] }]);
  });

  it('steps aside while socket.io still has a write under way, so the order holds', async () => {
    const { namespace, socket, client } = await connected();
    const heard = received(client, 'devices.delta', 3);
    emitThrough(socket, { seq: 1 });
    // engine.io's transport waits for that write's callback: a frame now would overtake nothing,
    // but one queued behind it would, so the caller is told to go through socket.io.
    const second = eventFrame(namespace, 'devices.delta', { seq: 2 })!;
    expect(writeFrame(socket, second)).toBe(false);
    emitThrough(socket, { seq: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writeFrame(socket, eventFrame(namespace, 'devices.delta', { seq: 3 })!)).toBe(true);
    expect(await heard).toEqual([{ seq: 1 }, { seq: 2 }, { seq: 3 }]);
  });

  it('broadcasts to a room, or to one socket by its id, skipping whom `admit` keeps out', async () => {
    const { namespace, socket, client } = await connected();
    await socket.join('walls:7');
    const heard = received(client, 'fleet.summary', 2);
    broadcastFramed(namespace, 'walls:7', 'fleet.summary', { n: 0 }, () => false);
    broadcastFramed(namespace, 'walls:7', 'fleet.summary', { n: 1 });
    broadcastFramed(namespace, 'nobody here', 'fleet.summary', { n: 2 });
    broadcastFramed(namespace, socket.id, 'fleet.summary', { n: 3 }, (member) => member.id === socket.id);
    expect(await heard).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('leaves events with binary parts and closed sockets to socket.io', async () => {
    const { namespace, socket } = await connected();
    expect(eventFrame(namespace, 'devices.snapshot', { data: Buffer.from([1, 2]) })).toBeNull();
    const frame = eventFrame(namespace, 'devices.delta', { seq: 1 })!;
    socket.disconnect(true);
    expect(writeFrame(socket, frame)).toBe(false);
  });
});
