import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSubmission } from './useSubmission';

/** A call the test answers when it likes, and the signal it was given. */
function pending<Answer>() {
  let answer!: (value: Answer) => void;
  let fail!: (reason: unknown) => void;
  let signal!: AbortSignal;
  const promise = new Promise<Answer>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { call: (given: AbortSignal) => ((signal = given), promise), promise, answer, fail, signal: () => signal };
}

describe('useSubmission', () => {
  it('is busy while a call is under way, then hands its answer on', async () => {
    const { result } = renderHook(() => useSubmission());
    const first = pending<string>();
    const done: string[] = [];
    act(() => result.current.submit(first.call, (answer) => done.push(answer)));
    expect(result.current.busy).toBe(true);
    await act(() => {
      first.answer('saved');
      return first.promise;
    });
    expect(result.current.busy).toBe(false);
    expect(done).toEqual(['saved']);
  });

  it('a later call aborts the earlier one, whose late answer changes nothing; a failure is kept', async () => {
    const { result } = renderHook(() => useSubmission());
    const first = pending<string>();
    const second = pending<string>();
    const done: string[] = [];
    act(() => result.current.submit(first.call, (answer) => done.push(answer)));
    act(() => result.current.submit(second.call, (answer) => done.push(answer)));
    expect(first.signal().aborted).toBe(true);
    await act(() => {
      first.answer('stale');
      return first.promise;
    });
    expect(done).toEqual([]);
    expect(result.current.busy).toBe(true);
    await act(() => {
      second.fail(new Error('refused'));
      return second.promise.catch(() => undefined);
    });
    expect(result.current.busy).toBe(false);
    expect((result.current.error as Error).message).toBe('refused');
  });

  it('going away aborts the call under way', () => {
    const { result, unmount } = renderHook(() => useSubmission());
    const call = pending<string>();
    act(() => result.current.submit(call.call, () => undefined));
    unmount();
    expect(call.signal().aborted).toBe(true);
  });
});
