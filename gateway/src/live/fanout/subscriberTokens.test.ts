import { describe, expect, it } from 'vitest';
import { TOKENS, useLiveHarness } from '../../testing/liveHarness.js';

const { MANAGER, COLLEAGUE } = TOKENS;
const live = useLiveHarness();
const { gatewayWith, open, subscribe, sameAsUpstream } = live;

describe('central polling', () => {
  it('polls with another subscriber when the upstream refuses the chosen token, and cuts the refused one off', async () => {
    await gatewayWith();
    const first = await open(MANAGER);
    const second = await open(COLLEAGUE);
    await subscribe(first.client, { environmentId: 10 });
    await subscribe(second.client, { environmentId: 10 });
    await sameAsUpstream(first.view);
    const firstGone = new Promise<string>((resolve) => first.client.once('disconnect', resolve));
    live.upstream.fleet.refusedTokens.add(MANAGER);
    live.upstream.fleet.put(10, 1, { name: 'after refusal' });
    await sameAsUpstream(second.view);
    // Its user may not see this any more: a lost transport, and the next subscription is refused.
    expect(await firstGone).toBe('transport close');
    expect(first.view.devices.get(1)?.name).not.toBe('after refusal');
    const again = await open(MANAGER);
    expect(await subscribe(again.client, { environmentId: 10 })).toEqual({ ok: false, error: 'forbidden' });

    live.upstream.fleet.refusedTokens.add(COLLEAGUE);
    live.upstream.fleet.put(10, 2, { name: 'nobody can see this' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.view.devices.get(2)?.name).not.toBe('nobody can see this');
  });
});
