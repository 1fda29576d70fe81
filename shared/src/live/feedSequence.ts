import type { DevicesDelta } from './events.js';

/**
 * The numbering of a live feed, once (gateway/README.md, "list, then watch"): a whole state
 * starts a new epoch at seq 0, each delta after it takes the next seq of that epoch. The
 * publishers (the gateway's in-process and Redis feed buses) number with `FeedSequencer`;
 * every receiver (the gateway's feed and Redis follower, the browser's replica) judges a
 * delta with `continuityOf`: it follows on, was already applied, or leaves a gap.
 */

/** Where a stream stands: the epoch and seq of what was last published or applied (no epoch yet: null). */
export interface StreamPosition {
  readonly epoch: string | null;
  readonly seq: number;
}

/** The number of one published state or delta. */
export interface FeedPosition {
  readonly epoch: string;
  readonly seq: number;
}

/** How a delta relates to the position: it follows on, was already applied, or leaves a gap. */
export type Continuity = 'follows' | 'duplicate' | 'gap';

/**
 * A delta follows on when it is of the same epoch and exactly the next seq; one of the same
 * epoch at or before the position is a duplicate; anything else (another epoch, a seq skipped,
 * no epoch held yet) is a gap, which only a whole state can close.
 */
export function continuityOf(position: StreamPosition, delta: Pick<DevicesDelta, 'epoch' | 'seq'>): Continuity {
  if (delta.epoch === position.epoch && delta.seq <= position.seq) return 'duplicate';
  if (delta.epoch !== position.epoch || delta.seq !== position.seq + 1) return 'gap';
  return 'follows';
}

/**
 * A publisher's numbering. Numbering and moving on are two steps, so a publisher whose write
 * may fail (Redis, fenced by leadership) moves on only once its write went through: a failed
 * write leaves the position where it was.
 */
export class FeedSequencer implements StreamPosition {
  private position: FeedPosition | null = null;

  /** @param newEpoch a fresh epoch, never one used before (random: a restarted publisher must not reuse one) */
  constructor(private readonly newEpoch: () => string) {}

  get epoch(): string | null {
    return this.position?.epoch ?? null;
  }

  get seq(): number {
    return this.position?.seq ?? 0;
  }

  /** The number of a whole state: a new epoch at seq 0. */
  nextState(): FeedPosition {
    return { epoch: this.newEpoch(), seq: 0 };
  }

  /** The number of the next delta; throws before any state, since a delta has no epoch to follow then. */
  nextDelta(): FeedPosition {
    if (this.position === null) throw new Error('a delta before any state');
    return { epoch: this.position.epoch, seq: this.position.seq + 1 };
  }

  /** What was numbered (by nextState or nextDelta) was published: the feed stands there now. */
  commit(position: FeedPosition): void {
    this.position = position;
  }
}
