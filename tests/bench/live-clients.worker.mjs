// A load generator thread of the live benchmark (live.bench.ts): many socket.io clients of the
// gateway's live protocol, and on request many clients polling the REST API themselves.
//
// Each socket client is a real socket.io-client on its own WebSocket connection, and follows
// gateway/README.md's rules (subscribe after every connect with its last epoch and seq, replace
// on a snapshot, apply the delta that follows on, ignore duplicates, resubscribe on a gap). To
// let one thread carry a thousand of them, the clients of a thread share the parsing: a frame
// whose text equals one already decoded here reuses that parse (every client still receives
// and reads its own copy of the frame). A client keeps, per device, a 32-bit hash of the
// device's state, which is enough to compare it with the upstream's state at the end; the
// states behind the hashes are kept once per thread, so a delta's patches are applied with
// the product's own patchDeviceLiveState once per thread, not once per client.
//
// Plain JavaScript: worker threads do not go through Playwright's TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';
import { Decoder, Encoder } from 'socket.io-parser';
import { apiPaths, continuityOf, decodeDevicesSnapshot, patchDeviceLiveState, subscriptionFrom } from '@halo/shared';

const { baseURL, token, environmentId, namespace } = workerData;
const EVENT = {
  SUBSCRIBE: 'devices.subscribe',
  SNAPSHOT: 'devices.snapshot',
  DELTA: 'devices.delta',
};

/** Latency histogram: 1 ms buckets up to 60 s, the last one for anything above. */
const LATENCY_BUCKETS = 60_001;
let latency = new Uint32Array(LATENCY_BUCKETS);

// ---- shared decoding -------------------------------------------------------------------------

/** The last few large frames decoded in this thread, by their text. */
const decoded = new Map();
const DECODED_KEEP = 8;

class SharedDecoder extends Decoder {
  decodeString(text) {
    if (text.length < 256) return super.decodeString(text);
    const known = decoded.get(text);
    if (known) return { ...known, data: known.data.slice() };
    const packet = super.decodeString(text);
    decoded.set(text, packet);
    if (decoded.size > DECODED_KEEP) decoded.delete(decoded.keys().next().value);
    return { ...packet, data: packet.data.slice() };
  }
}
const parser = { Encoder, Decoder: SharedDecoder };

// ---- device hashes -------------------------------------------------------------------------

/** JSON with object keys sorted: the same content gives the same text. */
function canonical(value) {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** FNV-1a, never 0 (0 marks an absent device). */
function hashText(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash === 0 ? 1 : hash;
}

const hashes = new WeakMap();
/** The states behind the hashes, once per thread. */
const statesByHash = new Map();
function deviceHash(device) {
  let hash = hashes.get(device);
  if (hash === undefined) {
    hash = hashText(canonical(device));
    hashes.set(device, hash);
    statesByHash.set(hash, device);
  }
  return hash;
}

/**
 * Snapshots decoded in this thread (the product's decodeDevicesSnapshot, which checks every
 * state), as [id, hash] pairs by epoch and seq: the clients of a thread share one decoding.
 */
const decodedSnapshots = new Map();
const SNAPSHOTS_KEEP = 4;
function snapshotHashes(message) {
  const key = `${message.environmentId}/${message.epoch}/${message.seq}`;
  let pairs = decodedSnapshots.get(key);
  if (!pairs) {
    const snapshot = decodeDevicesSnapshot(message);
    pairs = snapshot.devices.map((device) => [device.id, deviceHash(device)]);
    decodedSnapshots.set(key, pairs);
    if (decodedSnapshots.size > SNAPSHOTS_KEEP) decodedSnapshots.delete(decodedSnapshots.keys().next().value);
  }
  return pairs;
}

/** Per decoded patch: the hash it leads to from each hash it was applied to. */
const patched = new WeakMap();
/** The hash of `patch` applied to the state of `hash` (0: unknown), validated as the browser does; 0 when invalid. */
function applyPatch(hash, patch) {
  let results = patched.get(patch);
  if (!results) {
    results = new Map();
    patched.set(patch, results);
  }
  let next = results.get(hash);
  if (next === undefined) {
    const state = patchDeviceLiveState(hash === 0 ? undefined : statesByHash.get(hash), patch);
    next = state === null ? 0 : deviceHash(state);
    results.set(hash, next);
  }
  return next;
}

// ---- socket clients --------------------------------------------------------------------------

const wsHeader = (length) => (length < 126 ? 2 : length < 65_536 ? 4 : 10);

class Client {
  constructor(index) {
    this.index = index;
    this.epoch = null;
    this.seq = 0;
    this.state = new Int32Array(1024);
    this.size = 0;
    this.counts = {
      snapshots: 0,
      deltas: 0,
      duplicates: 0,
      gaps: 0,
      changedDevices: 0,
      bytes: 0,
      binaryBytes: 0,
      refusals: 0,
    };
    this.socket = io(`${baseURL}${namespace}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      extraHeaders: { Origin: baseURL },
      forceNew: true,
      parser,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    this.socket.io.on('open', () => {
      this.socket.io.engine.on('packet', (packet) => {
        // A text frame: engine.io's packet type character and the data; a binary frame: the
        // bytes alone. Then the WebSocket frame header.
        const length =
          typeof packet.data === 'string'
            ? 1 + packet.data.length
            : (packet.data?.byteLength ?? packet.data?.length ?? 0);
        this.counts.bytes += length + wsHeader(length);
        if (typeof packet.data !== 'string') this.counts.binaryBytes += length + wsHeader(length);
      });
    });
    this.socket.on('connect', () => this.subscribe());
    this.socket.on('connect_error', () => {
      setTimeout(() => {
        if (!this.closed && !this.socket.connected && !this.socket.active) this.socket.connect();
      }, 1000).unref();
    });
    this.socket.on(EVENT.SNAPSHOT, (snapshot) => this.onSnapshot(snapshot));
    this.socket.on(EVENT.DELTA, (delta) => this.onDelta(delta));
    this.closed = false;
  }

  subscribe() {
    this.socket.emit(EVENT.SUBSCRIBE, subscriptionFrom(environmentId, this), (ack) => {
      if (ack && ack.ok) return;
      this.counts.refusals += 1;
      setTimeout(() => this.socket.connected && this.subscribe(), 1000).unref();
    });
  }

  ensure(id) {
    if (id < this.state.length) return;
    const grown = new Int32Array(Math.max(id + 1, this.state.length * 2));
    grown.set(this.state);
    this.state = grown;
  }

  onSnapshot(message) {
    if (message.environmentId !== environmentId) return;
    this.state.fill(0);
    this.size = 0;
    for (const [id, hash] of snapshotHashes(message)) {
      this.ensure(id);
      if (this.state[id] === 0) this.size += 1;
      this.state[id] = hash;
    }
    this.epoch = message.epoch;
    this.seq = message.seq;
    this.counts.snapshots += 1;
    this.counts.snapshotDevices = message.count;
  }

  onDelta(delta) {
    const now = Date.now();
    if (delta.environmentId !== environmentId) return;
    // The product's own continuity rule; the states themselves are kept by hash, once per thread.
    const continuity = continuityOf(this, delta);
    if (continuity === 'duplicate') {
      this.counts.duplicates += 1;
      return;
    }
    if (continuity === 'gap') {
      this.counts.gaps += 1;
      this.subscribe();
      return;
    }
    for (const patch of delta.changed) {
      this.ensure(patch.id);
      const before = this.state[patch.id];
      const after = applyPatch(before, patch);
      if (after === 0) {
        // Not a whole, valid state: as the browser does, start again from a snapshot.
        this.counts.gaps += 1;
        this.epoch = null;
        this.subscribe();
        return;
      }
      if (before === 0) this.size += 1;
      this.state[patch.id] = after;
    }
    for (const id of delta.removed) {
      if (id < this.state.length && this.state[id] !== 0) {
        this.state[id] = 0;
        this.size -= 1;
      }
    }
    this.seq = delta.seq;
    this.counts.deltas += 1;
    this.counts.changedDevices += delta.changed.length + delta.removed.length;
    // Every device of the delta counts from the oldest upstream change behind it.
    if (typeof delta.changedAt === 'number' && delta.changed.length > 0) {
      latency[Math.max(0, Math.min(LATENCY_BUCKETS - 1, now - delta.changedAt))] += delta.changed.length;
    }
  }

  close() {
    this.closed = true;
    this.socket.disconnect();
  }
}

const clients = [];

async function connect(count, batch, timeoutMs, totalMs) {
  const started = Date.now();
  for (let done = 0; done < count && Date.now() - started < totalMs; done += batch) {
    const fresh = [];
    for (let index = 0; index < Math.min(batch, count - done); index += 1) {
      const client = new Client(clients.length);
      clients.push(client);
      fresh.push(client);
    }
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && fresh.some((client) => client.epoch === null)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    clients: clients.length,
    ready: clients.filter((client) => client.epoch !== null).length,
    connected: clients.filter((client) => client.socket.connected).length,
    ms: Date.now() - started,
  };
}

function stats() {
  const totals = {
    snapshots: 0,
    deltas: 0,
    duplicates: 0,
    gaps: 0,
    changedDevices: 0,
    bytes: 0,
    binaryBytes: 0,
    refusals: 0,
  };
  for (const client of clients) for (const key of Object.keys(totals)) totals[key] += client.counts[key];
  const first = clients[0]?.counts ?? null;
  return {
    clients: clients.length,
    connected: clients.filter((client) => client.socket.connected).length,
    totals,
    first: first && { ...first },
    latency: latency.slice(),
  };
}

function resetStats() {
  latency = new Uint32Array(LATENCY_BUCKETS);
  for (const client of clients) for (const key of Object.keys(client.counts)) client.counts[key] = 0;
}

/** Compares every client's state with the upstream's devices: mismatched (client, device) pairs. */
function verify(devices) {
  const expected = new Map(devices.map((device) => [device.id, deviceHash(device)]));
  let mismatched = 0;
  let clientsOff = 0;
  let missing = 0;
  let extra = 0;
  let different = 0;
  for (const client of clients) {
    let off = 0;
    for (const [id, hash] of expected) {
      const held = id < client.state.length ? client.state[id] : 0;
      if (held === 0) missing += 1;
      else if (held !== hash) different += 1;
      if (held !== hash) off += 1;
    }
    for (let id = 0; id < client.state.length; id += 1) {
      if (client.state[id] !== 0 && !expected.has(id)) {
        extra += 1;
        off += 1;
      }
    }
    mismatched += off;
    if (off > 0) clientsOff += 1;
  }
  return { clients: clients.length, clientsOff, mismatched, missing, extra, different, devices: expected.size };
}

// ---- clients polling the REST API themselves -----------------------------------------------

async function restPoll({ apiURL, count, intervalMs, windowMs, cursor, timeoutMs }) {
  const path = `${apiURL}${apiPaths.devices.devicesState(environmentId)}`;
  const restLatency = new Uint32Array(LATENCY_BUCKETS);
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let timedOut = 0;
  let bytes = 0;
  const end = Date.now() + windowMs;
  const poller = async (offset) => {
    let mine = cursor;
    // Spread over the interval, as independent browsers would be.
    await new Promise((resolve) => setTimeout(resolve, offset));
    while (Date.now() < end) {
      const started = Date.now();
      sent += 1;
      try {
        const response = await fetch(`${path}?state=1&cursor=${mine}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        bytes += text.length;
        if (response.ok) {
          answered += 1;
          const found = /"cursor":(\d+)/.exec(text.slice(-200)) ?? /"cursor":(\d+)/.exec(text);
          if (found) mine = Number(found[1]);
        } else {
          failed += 1;
        }
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') timedOut += 1;
        else failed += 1;
      }
      const took = Date.now() - started;
      restLatency[Math.min(LATENCY_BUCKETS - 1, took)] += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - took)));
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: count }, (_, index) => poller(Math.floor((index / count) * intervalMs))));
  return { sent, answered, failed, timedOut, bytes, ms: Date.now() - started, latency: restLatency };
}

parentPort.on('message', async (message) => {
  try {
    let result;
    if (message.type === 'connect')
      result = await connect(message.count, message.batch, message.timeoutMs, message.totalMs ?? Infinity);
    else if (message.type === 'stats') result = stats();
    else if (message.type === 'reset') result = resetStats();
    else if (message.type === 'verify') result = verify(message.devices);
    else if (message.type === 'rest') result = await restPoll(message);
    else if (message.type === 'close') {
      for (const client of clients) client.close();
      result = { closed: clients.length };
    }
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.stack : String(error) });
  }
});
