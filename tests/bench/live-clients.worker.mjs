// A load generator thread of the live benchmark (live.bench.ts): many clients of the gateway's
// live protocol, and on request many clients polling the REST API themselves.
//
// Each client is a WebSocket connection of its own (a TCP socket with the WebSocket framing
// written here: WireSocket below) speaking socket.io's wire protocol (engine.io 4, socket.io 5)
// by hand, as a browser's socket.io-client would on the websocket transport:
// open the namespace with the token, answer pings, subscribe after every connect with its last
// epoch and seq (gateway/README.md), and follow the stream. So that one thread can carry
// thousands of them, most clients are light: they never parse a delta, but check every frame
// where it matters, in the bytes: its epoch and seq follow on (a gap or a duplicate is counted
// and, for a gap, they subscribe again), and its length equals that of the same seq as the
// other clients of this thread received it (socket.io encodes a broadcast once, so a client
// with a different frame got something else). A light client keeps only the head and the tail
// of a large frame as it streams by, so ten thousand of them cost little more than the kernel's
// copies. A sample of the clients is full: they parse
// every frame and hold every device with the product's own FleetReplica (snapshots decoded
// with decodeDevicesSnapshot, deltas applied with patchDeviceLiveState's checks), and are
// compared with the upstream at the end. Another sample of the light clients is checked: they
// parse nothing either, but keep, frame by frame since their last snapshot, which bytes they
// took (the thread keeps each distinct frame once); at the end each one's state is rebuilt from
// its own frames with the same FleetReplica and compared with the upstream device by device
// (clients whose frames were the same are rebuilt once). The other light clients are compared
// by position: at the full ones' epoch and seq, having seen every seq once, each frame alike.
//
// Plain JavaScript: worker threads do not go through Playwright's TypeScript loader.
import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { apiPaths, decodeDevicesSnapshot, FleetReplica } from '@halo/shared';

const { baseURL, token, environmentId, namespace } = workerData;
const SOCKET_PATH = '/socket.io/?EIO=4&transport=websocket';

/** Latency histogram: 1 ms buckets up to 60 s, the last one for anything above. */
const LATENCY_BUCKETS = 60_001;
let latency = new Uint32Array(LATENCY_BUCKETS);

// ---- the wire ---------------------------------------------------------------------------------
// engine.io packet types: 0 open, 2 ping, 3 pong, 4 message; socket.io packet types after a
// 4: 0 CONNECT, 2 EVENT, 3 ACK, 4 CONNECT_ERROR, 5 BINARY_EVENT (then its binary frames).

const text = (value) => Buffer.from(value, 'latin1');
const PREFIX = {
  delta: text(`42${namespace},["devices.delta",`),
  summary: text(`42${namespace},["fleet.summary",`),
  alarms: text(`42${namespace},["alarms.changed",`),
  snapshot: text(`451-${namespace},["devices.snapshot",`),
  connected: text(`40${namespace},`),
  connectError: text(`44${namespace},`),
  ack: text(`43${namespace},`),
};
/** Where an event's JSON array starts: after `42`, the namespace and its comma. */
const EVENT_ARRAY_AT = 2 + namespace.length + 1;
const EPOCH_KEY = text('"epoch":"');
const SEQ_KEY = text('"seq":');
const CHANGED_AT_KEY = text('"changedAt":');
/** Where a delta's epoch and seq can be: right after its environment id. */
const HEAD_BYTES = 160;

const startsWith = (buffer, prefix) =>
  buffer.length >= prefix.length && buffer.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/** The digits at `at`, as a number (NaN when none). */
function digitsAt(buffer, at) {
  let value = 0;
  let index = at;
  while (index < buffer.length) {
    const byte = buffer[index];
    if (byte < 48 || byte > 57) break;
    value = value * 10 + (byte - 48);
    index += 1;
  }
  return index === at ? Number.NaN : value;
}

/** A delta frame's epoch and seq, read from its head, and when its oldest change happened, from its tail. */
function deltaHead(head, tail) {
  const epochAt = head.indexOf(EPOCH_KEY, PREFIX.delta.length);
  if (epochAt < 0 || epochAt > HEAD_BYTES) return null;
  const start = epochAt + EPOCH_KEY.length;
  const end = head.indexOf(34, start); // the closing quote
  const seqAt = end < 0 ? -1 : head.indexOf(SEQ_KEY, end);
  if (end < 0 || seqAt < 0 || seqAt > HEAD_BYTES) return null;
  const changedAtAt = tail.lastIndexOf(CHANGED_AT_KEY);
  return {
    epoch: head.toString('latin1', start, end),
    seq: digitsAt(head, seqAt + SEQ_KEY.length),
    changedAt: changedAtAt < 0 ? Number.NaN : digitsAt(tail, changedAtAt + CHANGED_AT_KEY.length),
  };
}

// ---- WebSocket framing (RFC 6455), client side ---------------------------------------------------

/** Frames up to this size are kept whole; a larger one, for a light client, by its head and tail. */
const WHOLE_FRAME_BYTES = 4096;
const TAIL_BYTES = 48;

/**
 * A client WebSocket on a TCP socket: the upgrade request, frames read as they stream by, text
 * frames sent masked (with a zero key: the payload goes as it is). `onFrame` gets each frame's
 * opcode, length and either its whole payload or, when `keepWhole` says no, its head and tail.
 */
class WireSocket {
  constructor(url, path, origin, { keepWhole, onOpen, onFrame, onClose }) {
    const { hostname, port } = new URL(url);
    this.open = false;
    this.keepWhole = keepWhole;
    this.onFrame = onFrame;
    this.pending = Buffer.alloc(0);
    this.frame = null;
    this.socket = connectTcp({ host: hostname, port: Number(port), noDelay: true });
    this.socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      this.socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`,
      );
    });
    this.socket.on('data', (chunk) => this.read(chunk, onOpen));
    this.socket.on('close', () => {
      this.open = false;
      onClose();
    });
    this.socket.on('error', () => undefined);
  }

  read(chunk, onOpen) {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    if (!this.open) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        this.pending = data;
        return;
      }
      if (!data.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
        this.socket.destroy();
        return;
      }
      this.open = true;
      onOpen();
      data = data.subarray(end + 4);
    }
    let at = 0;
    while (at < data.length) {
      if (!this.frame) {
        // A frame header: opcode, and a length of 7 bits, or 16 or 64 bits after it (servers do not mask).
        if (data.length - at < 2) break;
        const opcode = data[at] & 0x0f;
        let length = data[at + 1] & 0x7f;
        let headerLength = 2;
        if (length === 126) {
          if (data.length - at < 4) break;
          length = data.readUInt16BE(at + 2);
          headerLength = 4;
        } else if (length === 127) {
          if (data.length - at < 10) break;
          length = Number(data.readBigUInt64BE(at + 2));
          headerLength = 10;
        }
        at += headerLength;
        const whole = length <= WHOLE_FRAME_BYTES || this.keepWhole(opcode);
        this.frame = { opcode, length, headerLength, whole, parts: [], got: 0, head: null, tail: Buffer.alloc(0) };
      }
      const frame = this.frame;
      const take = Math.min(frame.length - frame.got, data.length - at);
      const piece = data.subarray(at, at + take);
      if (frame.whole) frame.parts.push(piece);
      else {
        if (frame.got < HEAD_BYTES)
          frame.head = Buffer.concat([frame.head ?? Buffer.alloc(0), piece.subarray(0, HEAD_BYTES - frame.got)]);
        const joined = frame.tail.length + piece.length <= TAIL_BYTES ? Buffer.concat([frame.tail, piece]) : piece;
        frame.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - TAIL_BYTES)));
      }
      frame.got += take;
      at += take;
      if (frame.got < frame.length) break;
      this.frame = null;
      this.deliver(frame);
    }
    if (at < data.length) this.pending = Buffer.from(data.subarray(at));
  }

  deliver(frame) {
    if (frame.opcode === 8) {
      this.socket.destroy();
      return;
    }
    if (frame.opcode === 9) {
      this.sendFrame(10, Buffer.concat(frame.parts));
      return;
    }
    if (frame.opcode !== 1 && frame.opcode !== 2) return;
    const data = frame.whole ? (frame.parts.length === 1 ? frame.parts[0] : Buffer.concat(frame.parts)) : null;
    this.onFrame({
      binary: frame.opcode === 2,
      length: frame.length,
      wireLength: frame.length + frame.headerLength,
      data,
      head: data ?? frame.head,
      tail: data ?? frame.tail,
    });
  }

  /** A masked frame with a zero mask key. */
  sendFrame(opcode, payload) {
    const length = payload.length;
    const header =
      length < 126
        ? Buffer.from([0x80 | opcode, 0x80 | length, 0, 0, 0, 0])
        : Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff, 0, 0, 0, 0]);
    this.socket.write(Buffer.concat([header, payload]));
  }

  send(text) {
    if (this.open) this.sendFrame(1, Buffer.from(text));
  }

  close() {
    this.socket.destroy();
  }
}

/** The length of each delta frame of this thread by epoch and seq, as its first client got it. */
const frameLengths = new Map();
const FRAME_LENGTHS_KEEP = 2000;
function sameFrame(epoch, seq, length) {
  const key = `${epoch}/${seq}`;
  const known = frameLengths.get(key);
  if (known === undefined) {
    frameLengths.set(key, length);
    if (frameLengths.size > FRAME_LENGTHS_KEEP) frameLengths.delete(frameLengths.keys().next().value);
    return true;
  }
  return known === length;
}

/**
 * The frames checked clients took, each distinct one kept once: by what it is (a snapshot or a
 * delta, epoch and seq) the bytes seen so far, every different content a frame of its own. A
 * checked client keeps the numbers of the frames it applied since its last snapshot.
 */
const takenFrames = [];
const takenByKey = new Map();
function frameNumber(kind, epoch, seq, bytes, header) {
  const key = `${kind}/${epoch}/${seq}`;
  const numbers = takenByKey.get(key) ?? [];
  for (const number of numbers) if (takenFrames[number].bytes.equals(bytes)) return number;
  takenFrames.push({ kind, bytes: Buffer.from(bytes), header });
  numbers.push(takenFrames.length - 1);
  takenByKey.set(key, numbers);
  return takenFrames.length - 1;
}

/** Snapshots decoded in this thread, by epoch and seq: the full clients of a thread share one decoding. */
const decodedSnapshots = new Map();
function decodedSnapshot(message) {
  const key = `${message.environmentId}/${message.epoch}/${message.seq}`;
  let snapshot = decodedSnapshots.get(key);
  if (!snapshot) {
    snapshot = decodeDevicesSnapshot(message);
    // What the same snapshot weighed as the JSON list of states it replaced, for comparison.
    snapshot.jsonBytes = Buffer.byteLength(
      JSON.stringify({
        environmentId: snapshot.environmentId,
        epoch: snapshot.epoch,
        seq: snapshot.seq,
        devices: snapshot.devices,
      }),
    );
    decodedSnapshots.set(key, snapshot);
    if (decodedSnapshots.size > 4) decodedSnapshots.delete(decodedSnapshots.keys().next().value);
  }
  return snapshot;
}

// ---- clients ------------------------------------------------------------------------------------

const COUNTS = [
  'snapshots',
  'deltas',
  'duplicates',
  'gaps',
  'changedDevices',
  'bytes',
  'snapshotBytes',
  'snapshotDevices',
  'snapshotJsonBytes',
  'refusals',
  'frameMismatches',
  'reconnects',
  'summaries',
  'alarmChanges',
];
const zeroCounts = () => Object.fromEntries(COUNTS.map((name) => [name, 0]));

class Client {
  /** @param kind 'full' (parses everything), 'checked' (keeps what it took, rebuilt at the end) or 'light' */
  constructor(index, kind) {
    this.index = index;
    this.full = kind === 'full';
    this.checked = kind === 'checked';
    /** One light client in ALARM_WATCH_EVERY also follows the summary and the alarm stream, as a wall does. */
    this.watchesAlarms = ALARM_WATCH_EVERY > 0 && kind === 'light' && index % ALARM_WATCH_EVERY === 1;
    /** A checked client's frames since its last snapshot (numbers in takenFrames), null before one. */
    this.taken = null;
    const full = this.full;
    /** A full client's devices, by the product's rules; a light one keeps its position only. */
    this.replica = full ? new FleetReplica(environmentId) : null;
    this.epoch = null;
    this.seq = 0;
    this.counts = zeroCounts();
    this.closed = false;
    this.pendingSnapshot = null;
    this.nextAck = 1;
    this.acks = new Map();
    this.openedAt = Date.now();
    /** When it first held a state (its first snapshot). */
    this.readyAt = null;
    this.open();
  }

  get ready() {
    return this.epoch !== null;
  }

  get connected() {
    return this.socket?.open === true && this.joined === true;
  }

  open() {
    this.joined = false;
    this.socket = new WireSocket(baseURL, SOCKET_PATH, baseURL, {
      // A full client reads everything; a light one only the snapshot's header, small frames,
      // and the head and tail of deltas.
      keepWhole: () => this.full || this.checked,
      onOpen: () => undefined,
      onFrame: (frame) => this.onFrame(frame),
      onClose: () => {
        if (this.closed) return;
        this.counts.reconnects += 1;
        setTimeout(() => !this.closed && this.open(), 500 + Math.random() * 1000).unref();
      },
    });
  }

  send(frame) {
    this.socket.send(frame);
  }

  emit(event, payload, onAck) {
    const id = this.nextAck++;
    this.acks.set(id, onAck);
    this.send(`42${namespace},${id}${JSON.stringify([event, payload])}`);
  }

  /** A wall's subscriptions besides the devices: the fleet summary (with its alarm counts) and the alarm stream. */
  watchAlarms() {
    for (const event of ['summary.subscribe', 'alarms.subscribe'])
      this.emit(event, { environmentId }, (ack) => {
        if (!ack?.ok) this.counts.refusals += 1;
      });
  }

  subscribe() {
    const payload = this.epoch === null ? { environmentId } : { environmentId, epoch: this.epoch, seq: this.seq };
    this.emit('devices.subscribe', payload, (ack) => {
      if (ack?.ok) return;
      this.counts.refusals += 1;
      setTimeout(() => this.connected && this.subscribe(), 1000).unref();
    });
  }

  onFrame(frame) {
    // What the wire carried: the frame (a text frame starts with engine.io's packet type) and its header.
    this.counts.bytes += frame.wireLength;
    if (frame.binary) {
      this.counts.snapshotBytes += frame.wireLength;
      this.onSnapshotData(frame.data);
      return;
    }
    const { head } = frame;
    const type = head[0];
    if (type === 50) {
      this.send('3'); // ping: pong
      return;
    }
    if (type === 48) {
      this.send(`40${namespace},${JSON.stringify({ token })}`); // engine open: join the namespace
      return;
    }
    if (startsWith(head, PREFIX.delta)) {
      this.onDelta(frame);
      return;
    }
    if (startsWith(head, PREFIX.summary)) {
      this.counts.summaries += 1;
      return;
    }
    if (startsWith(head, PREFIX.alarms)) {
      this.counts.alarmChanges += 1;
      return;
    }
    const data = frame.data;
    if (!data) return; // a large frame of another kind: not for this client
    if (startsWith(data, PREFIX.snapshot)) {
      // The header (its data a placeholder); the devices come in the next, binary, frame.
      this.pendingSnapshot = JSON.parse(data.toString('utf8', PREFIX.snapshot.length, data.length - 1));
      this.counts.snapshotBytes += frame.wireLength;
      return;
    }
    if (startsWith(data, PREFIX.ack)) {
      const body = data.toString('utf8', PREFIX.ack.length);
      const bracket = body.indexOf('[');
      const callback = this.acks.get(Number(body.slice(0, bracket)));
      this.acks.delete(Number(body.slice(0, bracket)));
      callback?.(JSON.parse(body.slice(bracket))[0]);
      return;
    }
    if (startsWith(data, PREFIX.connected)) {
      this.joined = true;
      this.subscribe();
      if (this.watchesAlarms) this.watchAlarms();
      return;
    }
    if (startsWith(data, PREFIX.connectError)) {
      this.counts.refusals += 1;
      this.socket.close();
    }
  }

  onSnapshotData(data) {
    const header = this.pendingSnapshot;
    this.pendingSnapshot = null;
    if (!header || header.environmentId !== environmentId) return;
    if (this.replica && data) {
      const snapshot = decodedSnapshot({ ...header, data });
      this.replica.applySnapshot(snapshot);
      this.counts.snapshotJsonBytes = snapshot.jsonBytes;
    }
    if (this.checked) this.taken = data ? [frameNumber('snapshot', header.epoch, header.seq, data, header)] : null;
    this.epoch = header.epoch;
    this.seq = header.seq;
    this.readyAt ??= Date.now();
    this.counts.snapshots += 1;
    this.counts.snapshotDevices = header.count;
  }

  onDelta(frame) {
    const now = Date.now();
    const head = deltaHead(frame.head, frame.tail);
    if (!head) {
      this.counts.gaps += 1;
      return;
    }
    if (head.epoch === this.epoch && head.seq <= this.seq) {
      this.counts.duplicates += 1;
      return;
    }
    if (head.epoch !== this.epoch || head.seq !== this.seq + 1) {
      this.counts.gaps += 1;
      this.subscribe();
      return;
    }
    if (!sameFrame(head.epoch, head.seq, frame.length)) this.counts.frameMismatches += 1;
    if (PLANTED_LOSS && frame.data && (this.replica || this.checked) && this.counts.deltas === PLANTED_LOSS_AT) {
      // The planted fault (BENCH_PLANT_LOST_UPDATE=1): this delta arrives without its changes,
      // in sequence, as a fan-out that dropped the devices' patches would send it: nothing
      // looks wrong to the client. Only the comparison with the upstream can find it.
      frame = { ...frame, data: withoutChanges(frame.data) };
    }
    if (this.replica && frame.data) {
      const delta = JSON.parse(frame.data.toString('utf8', EVENT_ARRAY_AT, frame.length))[1];
      const outcome = this.replica.applyDelta(delta);
      if (outcome.kind !== 'applied') {
        // Not a whole, valid state (or out of step): as the browser does, start again.
        this.counts.gaps += 1;
        this.epoch = null;
        this.subscribe();
        return;
      }
      this.counts.changedDevices += delta.changed.length + delta.removed.length;
    }
    if (this.checked) {
      if (this.taken && frame.data) this.taken.push(frameNumber('delta', head.epoch, head.seq, frame.data));
      else this.taken = null;
    }
    this.epoch = head.epoch;
    this.seq = head.seq;
    this.counts.deltas += 1;
    if (!Number.isNaN(head.changedAt)) latency[Math.max(0, Math.min(LATENCY_BUCKETS - 1, now - head.changedAt))] += 1;
  }

  close() {
    this.closed = true;
    this.socket.close();
  }
}

const clients = [];

/** BENCH_ALARM_STORM=1: one light client in this many follows the summary and the alarm stream too. */
const ALARM_WATCH_EVERY = process.env.BENCH_ALARM_STORM === '1' ? Number(process.env.BENCH_ALARM_WATCH_EVERY ?? 10) : 0;

/** BENCH_PLANT_LOST_UPDATE=1 shows the lost-update check failing: full and checked clients lose one delta's changes. */
const PLANTED_LOSS = process.env.BENCH_PLANT_LOST_UPDATE === '1';
const PLANTED_LOSS_AT = 5;

/** A delta frame's bytes with its changes and removals emptied, the rest (epoch, seq) as sent. */
function withoutChanges(data) {
  const [event, delta] = JSON.parse(data.toString('utf8', EVENT_ARRAY_AT));
  const emptied = JSON.stringify([event, { ...delta, changed: [], removed: [] }]);
  return Buffer.concat([data.subarray(0, EVENT_ARRAY_AT), Buffer.from(emptied)]);
}

/** One client in `sampleEvery` is full, one in `checkEvery` of the others is checked. */
const kindOf = (index, sampleEvery, checkEvery) =>
  index % sampleEvery === 0 ? 'full' : index % checkEvery === 0 ? 'checked' : 'light';

/**
 * Connects `count` more clients; resolves once all hold a state (or the time is up). `window`:
 * at most `batch` of this thread's clients between opening and holding a state, a new one opened
 * as soon as one gets there (or gives up after `timeoutMs`), as a storm of walls reconnecting
 * keeps the gateway busy; `batches`: `batch` clients opened together, the next ones once all of
 * them hold a state (issue 38's earlier figures were taken so). Each client's time from opening
 * to holding a state is kept (`took`).
 */
async function connect(count, batch, timeoutMs, totalMs, sampleEvery, checkEvery, mode) {
  const started = Date.now();
  const took = [];
  const open = () => {
    const client = new Client(clients.length, kindOf(clients.length, sampleEvery, checkEvery));
    clients.push(client);
    return client;
  };
  const settle = (connecting) => {
    for (const client of connecting)
      if (client.ready || Date.now() - client.openedAt > timeoutMs) {
        connecting.delete(client);
        if (client.ready) took.push(client.readyAt - client.openedAt);
      }
  };
  let opened = 0;
  const connecting = new Set();
  while ((opened < count || connecting.size > 0) && Date.now() - started < totalMs) {
    if (mode === 'batches' ? connecting.size === 0 : true)
      for (; opened < count && connecting.size < batch; opened += 1) connecting.add(open());
    await new Promise((resolve) => setTimeout(resolve, mode === 'batches' ? 20 : 5));
    settle(connecting);
  }
  return {
    clients: clients.length,
    ready: clients.filter((client) => client.ready).length,
    connected: clients.filter((client) => client.connected).length,
    ms: Date.now() - started,
    took,
  };
}

function stats() {
  const totals = zeroCounts();
  for (const client of clients) for (const name of COUNTS) totals[name] += client.counts[name];
  const firstFull = clients.find((client) => client.full);
  return {
    clients: clients.length,
    connected: clients.filter((client) => client.connected).length,
    totals,
    first: firstFull ? { ...firstFull.counts } : null,
    latency: latency.slice(),
  };
}

function resetStats() {
  latency = new Uint32Array(LATENCY_BUCKETS);
  for (const client of clients) client.counts = zeroCounts();
}

const canonical = (value) =>
  JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** Devices held unlike the upstream's (missing, different or extra), device by device. */
function devicesOff(held, expected) {
  let off = 0;
  for (const [id, text] of expected) if (canonical(held.get(id)) !== text) off += 1;
  for (const id of held.keys()) if (!expected.has(id)) off += 1;
  return off;
}

/** What a checked client holds, rebuilt from the frames it took; null when they do not make a valid state. */
function rebuilt(taken) {
  const replica = new FleetReplica(environmentId);
  for (const number of taken) {
    const frame = takenFrames[number];
    if (frame.kind === 'snapshot') {
      replica.applySnapshot(decodedSnapshot({ ...frame.header, data: frame.bytes }));
      continue;
    }
    const delta = JSON.parse(frame.bytes.toString('utf8', EVENT_ARRAY_AT))[1];
    if (replica.applyDelta(delta).kind !== 'applied') return null;
  }
  return replica.devices;
}

/**
 * The end state, client by client: a full client's devices and a checked one's (rebuilt from its
 * own frames) against the upstream's, device by device; a light one's position against the full
 * clients' (same epoch and seq, so the same frames since the snapshot).
 */
function verify(devices) {
  const expected = new Map(devices.map((device) => [device.id, canonical(device)]));
  const full = clients.filter((client) => client.full);
  const positions = new Set(full.map((client) => `${client.epoch}/${client.seq}`));
  /** Checked clients' states by the frames that made them: the same frames make the same state. */
  const offByFrames = new Map();
  let mismatched = 0;
  let clientsOff = 0;
  let comparedFull = 0;
  let comparedChecked = 0;
  let comparedDevices = 0;
  const offBy = { full: 0, checked: 0, light: 0 };
  for (const client of clients) {
    let off = 0;
    if (client.replica) {
      off = devicesOff(client.replica.devices, expected);
      comparedFull += 1;
      comparedDevices += expected.size;
      offBy.full += off;
    } else if (client.checked) {
      const key = client.taken?.join(',') ?? '';
      if (!offByFrames.has(key)) {
        const held = client.taken ? rebuilt(client.taken) : null;
        offByFrames.set(key, held ? devicesOff(held, expected) : expected.size);
      }
      off = offByFrames.get(key);
      comparedChecked += 1;
      comparedDevices += expected.size;
      offBy.checked += off;
    } else if (positions.size !== 1 || !positions.has(`${client.epoch}/${client.seq}`)) {
      off = expected.size;
      offBy.light += 1;
    }
    mismatched += off;
    if (off > 0) clientsOff += 1;
  }
  return {
    clients: clients.length,
    fullClients: full.length,
    checkedClients: clients.filter((client) => client.checked).length,
    comparedFull,
    comparedChecked,
    comparedDevices,
    distinctStates: offByFrames.size,
    /** (client, device) pairs off among full and checked clients; light clients off their position. */
    offBy,
    clientsOff,
    mismatched,
    devices: expected.size,
    position: [...positions].join(' '),
  };
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
        const body = await response.text();
        bytes += body.length;
        if (response.ok) {
          answered += 1;
          const found = /"cursor":(\d+)/.exec(body.slice(-200)) ?? /"cursor":(\d+)/.exec(body);
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
      result = await connect(
        message.count,
        message.batch,
        message.timeoutMs,
        message.totalMs ?? Infinity,
        message.sampleEvery ?? 1,
        message.checkEvery ?? Infinity,
        message.mode ?? 'batches',
      );
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
