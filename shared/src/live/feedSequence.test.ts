import { describe, expect, it } from 'vitest';
import { continuityOf, FeedSequencer } from './feedSequence.js';

/** Epochs e1, e2, ... in order, so a test can name them. */
function countingEpochs(): () => string {
  let made = 0;
  return () => `e${++made}`;
}

describe('continuityOf', () => {
  it('tells a delta that follows on from a duplicate and a gap', () => {
    const at = { epoch: 'e1', seq: 5 };
    expect(continuityOf(at, { epoch: 'e1', seq: 6 })).toBe('follows');
    expect(continuityOf(at, { epoch: 'e1', seq: 5 })).toBe('duplicate');
    expect(continuityOf(at, { epoch: 'e1', seq: 2 })).toBe('duplicate');
    expect(continuityOf(at, { epoch: 'e1', seq: 7 })).toBe('gap');
    expect(continuityOf(at, { epoch: 'e2', seq: 6 })).toBe('gap');
    expect(continuityOf({ epoch: null, seq: 0 }, { epoch: 'e1', seq: 1 })).toBe('gap');
  });

  it('takes a new epoch as a gap whatever its seq (a restarted publisher starts again at 1)', () => {
    const at = { epoch: 'e1', seq: 40 };
    expect(continuityOf(at, { epoch: 'e2', seq: 1 })).toBe('gap');
    expect(continuityOf(at, { epoch: 'e2', seq: 41 })).toBe('gap');
    expect(continuityOf(at, { epoch: 'e2', seq: 3 })).toBe('gap');
  });
});

describe('FeedSequencer', () => {
  it('has no position before its first state and numbers no delta then', () => {
    const sequence = new FeedSequencer(countingEpochs());
    expect(sequence.epoch).toBeNull();
    expect(sequence.seq).toBe(0);
    expect(() => sequence.nextDelta()).toThrow('a delta before any state');
  });

  it('numbers a state with a new epoch at 0 and each delta after it with the next seq', () => {
    const sequence = new FeedSequencer(countingEpochs());
    const state = sequence.nextState();
    expect(state).toEqual({ epoch: 'e1', seq: 0 });
    sequence.commit(state);
    const published = [];
    for (let count = 0; count < 3; count += 1) {
      const next = sequence.nextDelta();
      // Every delta it numbers is one a receiver at its position takes as following on.
      expect(continuityOf(sequence, next)).toBe('follows');
      sequence.commit(next);
      published.push(next);
    }
    expect(published).toEqual([
      { epoch: 'e1', seq: 1 },
      { epoch: 'e1', seq: 2 },
      { epoch: 'e1', seq: 3 },
    ]);
    expect({ epoch: sequence.epoch, seq: sequence.seq }).toEqual({ epoch: 'e1', seq: 3 });
  });

  it('stays where it was until a numbered position is committed (a write that failed)', () => {
    const sequence = new FeedSequencer(countingEpochs());
    sequence.nextState();
    expect(sequence.epoch).toBeNull();
    sequence.commit(sequence.nextState());
    expect(sequence.nextDelta()).toEqual({ epoch: 'e2', seq: 1 });
    // The delta at 1 was never committed: the next one is numbered 1 again, not 2.
    expect(sequence.nextDelta()).toEqual({ epoch: 'e2', seq: 1 });
    expect(sequence.seq).toBe(0);
  });

  it('starts over with a fresh epoch on every state, so receivers of the old one see a gap', () => {
    const sequence = new FeedSequencer(countingEpochs());
    sequence.commit(sequence.nextState());
    sequence.commit(sequence.nextDelta());
    sequence.commit(sequence.nextDelta());
    const receiver = { epoch: sequence.epoch, seq: sequence.seq };
    sequence.commit(sequence.nextState());
    expect({ epoch: sequence.epoch, seq: sequence.seq }).toEqual({ epoch: 'e2', seq: 0 });
    const next = sequence.nextDelta();
    expect(next).toEqual({ epoch: 'e2', seq: 1 });
    expect(continuityOf(receiver, next)).toBe('gap');
  });
});
