import { describe, expect, it } from 'vitest';
import { DeliveryLanes } from './deliveryLanes.js';

/** A delivery the test finishes when it likes, recording when it started. */
function controlled(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    deliver: () => {
      log.push(name);
      return done.then(() => name);
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('DeliveryLanes', () => {
  it("runs a target's deliveries one after another, and other targets beside them", async () => {
    const lanes = new DeliveryLanes({ total: 10, perTenant: 10 });
    const started: string[] = [];
    const first = controlled(started, 'a1');
    const second = controlled(started, 'a2');
    const other = controlled(started, 'b1');
    const answers = [
      lanes.run(1, 'a', first.deliver),
      lanes.run(1, 'a', second.deliver),
      lanes.run(1, 'b', other.deliver),
    ];
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    expect(lanes.holds('a')).toBe(true);
    first.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    second.finish();
    other.finish();
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'b1']);
    await lanes.idle();
    expect(lanes.holds('a')).toBe(false);
    expect(lanes.running).toBe(0);
  });

  it("caps a tenant's share: its other targets wait, another tenant's start at once", async () => {
    const lanes = new DeliveryLanes({ total: 10, perTenant: 2 });
    const started: string[] = [];
    const slow = ['t1', 't2', 't3', 't4'].map((name) => controlled(started, name));
    slow.forEach((delivery, index) => void lanes.run(1, `slow-${index}`, delivery.deliver));
    const other = controlled(started, 'other');
    const answered = lanes.run(2, 'other', other.deliver);
    await settle();
    expect(started).toEqual(['t1', 't2', 'other']);
    other.finish();
    expect(await answered).toBe('other');
    slow[0]?.finish();
    await settle();
    expect(started).toEqual(['t1', 't2', 'other', 't3']);
    for (const delivery of slow) delivery.finish();
    await lanes.idle();
    expect(started).toHaveLength(5);
  });

  it('shares the total among tenants in turn, so one with many deliveries does not go first every time', async () => {
    const lanes = new DeliveryLanes({ total: 1, perTenant: 5 });
    const started: string[] = [];
    const many = ['a1', 'a2', 'a3'].map((name) => controlled(started, name));
    many.forEach((delivery, index) => void lanes.run(1, `a-${index}`, delivery.deliver));
    const lone = controlled(started, 'b1');
    void lanes.run(2, 'b', lone.deliver);
    await settle();
    expect(started).toEqual(['a1']);
    many[0]?.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    lone.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    for (const delivery of many) delivery.finish();
    await lanes.idle();
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('passes a failure to its caller and carries on with the lane', async () => {
    const lanes = new DeliveryLanes({ total: 2, perTenant: 1 });
    await expect(lanes.run(1, 'a', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await lanes.run(1, 'a', () => Promise.resolve('next'))).toBe('next');
    expect(lanes.running).toBe(0);
  });
});
