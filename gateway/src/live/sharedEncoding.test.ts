import { afterEach, describe, expect, it, vi } from 'vitest';
import { Encoder, PacketType } from 'socket.io-parser';
import { shareEncoding, sharedEncodingParser } from './sharedEncoding.js';

const event = (data: unknown[], nsp = '/live', id?: number) => ({ type: PacketType.EVENT, nsp, data, id });

/** Counts the JSON encodings the encoder makes. */
const stringify = () => vi.spyOn(JSON, 'stringify');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sharedEncodingParser', () => {
  it('encodes a marked payload once per namespace and event, the same as socket.io would', () => {
    const encoder = new sharedEncodingParser.Encoder();
    const payload = shareEncoding({ seq: 4, devices: [{ id: 1 }] });
    const expected = new Encoder().encode(event(['devices.snapshot', { seq: 4, devices: [{ id: 1 }] }]));
    const spy = stringify();
    const first = encoder.encode(event(['devices.snapshot', payload]));
    expect(encoder.encode(event(['devices.snapshot', payload]))).toEqual(first);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(first).toEqual(expected);
    encoder.encode(event(['devices.delta', payload]));
    encoder.encode(event(['devices.snapshot', payload], '/other'));
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('encodes a payload with binary data once too: the header and the same bytes', () => {
    const encoder = new sharedEncodingParser.Encoder();
    const data = Buffer.from([1, 2, 3]);
    const payload = shareEncoding({ seq: 4, data });
    const first = encoder.encode(event(['devices.snapshot', payload]));
    expect(first).toHaveLength(2);
    expect(String(first[0])).toContain('_placeholder');
    expect(first[1]).toBe(data);
    const spy = stringify();
    expect(encoder.encode(event(['devices.snapshot', payload]))).toBe(first);
    expect(spy).not.toHaveBeenCalled();
  });

  it('encodes anything else every time: unmarked payloads and packets with an ack id', () => {
    const encoder = new sharedEncodingParser.Encoder();
    const spy = stringify();
    const plain = { state: 'ok' };
    encoder.encode(event(['upstream.status', plain]));
    encoder.encode(event(['upstream.status', plain]));
    expect(spy).toHaveBeenCalledTimes(2);
    const marked = shareEncoding({ state: 'ok' });
    const withAck = encoder.encode(event(['devices.snapshot', marked], '/live', 7));
    encoder.encode(event(['devices.snapshot', marked], '/live', 8));
    expect(spy).toHaveBeenCalledTimes(4);
    expect(String(withAck[0])).toContain('7[');
  });
});
