import { describe, expect, it } from 'vitest';
import { createWriteGate, providerGate, releaseAbandoned, threadGate } from './writeGate.js';

describe('the store’s write gate', () => {
  it('lets the provider wait for the other thread as a promise, and go when it releases', async () => {
    const buffer = createWriteGate();
    const provider = providerGate(buffer);
    const thread = threadGate(buffer);
    thread.acquire();
    let entered = false;
    const waiting = provider.acquire().then(() => {
      entered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(entered).toBe(false);
    thread.release();
    await waiting;
    expect(entered).toBe(true);
    provider.release();
    // Free again: the thread takes it without waiting.
    thread.acquire();
    thread.release();
  });

  it('frees the gate a thread held as it ended, and only that', async () => {
    const buffer = createWriteGate();
    const provider = providerGate(buffer);
    threadGate(buffer).acquire();
    const waiting = provider.acquire();
    releaseAbandoned(buffer);
    await waiting;
    // Held by the provider now: nothing abandoned to free.
    releaseAbandoned(buffer);
    let second = false;
    const next = provider.acquire().then(() => {
      second = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second).toBe(false);
    provider.release();
    await next;
    expect(second).toBe(true);
  });
});
