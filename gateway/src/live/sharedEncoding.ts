import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/**
 * Payloads the gateway never changes once built (an environment's snapshot at one seq, a
 * delta), with their encodings so far by namespace and event. socket.io encodes an emit once
 * for all its recipients, but a snapshot goes out in many emits (subscription bursts, resyncs)
 * and a delta again in every replay: a 100,000-device snapshot is tens of MB of JSON, and
 * encoding it again each time costs the event loop and the heap. A payload with binary data (a
 * snapshot's devices) encodes to a text header and the binary parts, kept alike.
 */
const encodings = new WeakMap<object, Map<string, ReturnType<Encoder['encode']>>>();

/** Marks a payload as never changed from now on, so its encoding is made once and reused. */
export function shareEncoding<T extends object>(payload: T): T {
  if (!encodings.has(payload)) encodings.set(payload, new Map());
  return payload;
}

/** socket.io-parser's encoder, reusing the encoding of payloads marked with `shareEncoding`. */
class SharedEncodingEncoder extends Encoder {
  override encode(packet: Packet): ReturnType<Encoder['encode']> {
    const data: unknown = packet.data;
    const payload = Array.isArray(data) && data.length === 2 ? (data[1] as unknown) : undefined;
    const cache =
      packet.type === PacketType.EVENT && packet.id === undefined && typeof payload === 'object' && payload !== null
        ? encodings.get(payload)
        : undefined;
    if (!cache) return super.encode(packet);
    const key = `${packet.nsp}\u0000${String((data as unknown[])[0])}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const encoded = super.encode(packet);
    cache.set(key, encoded);
    return encoded;
  }
}

/** The socket.io `parser` option: the standard decoder, the encoder above. */
export const sharedEncodingParser = { Encoder: SharedEncodingEncoder, Decoder };
