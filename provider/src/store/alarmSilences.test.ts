import { silenceCovers, type SilenceScope } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { isSilenced, silencedBy, type SilenceInForce } from './alarmSilences.js';

/** A silence row as the store holds it; only what coverage reads is meaningful. */
function silence(
  id: number,
  scope: SilenceScope,
  environmentId: number,
  deviceId: number | null,
  window: [number, number],
  members?: number[],
): SilenceInForce {
  return {
    id,
    environment_id: environmentId,
    scope,
    device_id: deviceId,
    device_name: null,
    group_id: scope === 'group' ? id : null,
    group_name: null,
    reason: 'test',
    starts_at: window[0],
    ends_at: window[1],
    created_by_user_id: null,
    created_by: 'test',
    created_at: 0,
    ...(members ? { members: new Set(members) } : {}),
  };
}

/** What silenceCovers answers, one silence after the other: the rule the index must keep. */
const covered = (
  silences: readonly SilenceInForce[],
  alarm: { environmentId: number; deviceId: number },
  now: number,
) =>
  silences.some((row) =>
    silenceCovers(
      {
        scope: row.scope as SilenceScope,
        environment_id: row.environment_id,
        device_id: row.device_id,
        ...(row.members ? { members: row.members } : {}),
      },
      { startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) },
      alarm,
      now,
    ),
  );

describe('silencedBy', () => {
  it('answers as silenceCovers does for every alarm, scope and window', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const scopes: SilenceScope[] = ['device', 'group', 'environment'];
    for (let round = 0; round < 50; round += 1) {
      const silences = Array.from({ length: 1 + random(12) }, (_, index) => {
        const scope = scopes[random(3)] as SilenceScope;
        const start = random(100);
        return silence(
          index + 1,
          scope,
          1 + random(3),
          scope === 'device' ? 1 + random(20) : null,
          [start, start + 1 + random(100)],
          scope === 'group' ? Array.from({ length: random(6) }, () => 1 + random(20)) : undefined,
        );
      });
      const now = random(200);
      const test = silencedBy(silences, now);
      for (let environmentId = 1; environmentId <= 3; environmentId += 1)
        for (let deviceId = 1; deviceId <= 20; deviceId += 1) {
          const alarm = { environmentId, deviceId };
          expect(test(alarm), JSON.stringify({ round, alarm, now })).toBe(covered(silences, alarm, now));
          expect(isSilenced(silences, alarm, now)).toBe(covered(silences, alarm, now));
        }
    }
  });

  it('keeps no silence that has ended or not begun, and another tenant’s silence covers nothing here', () => {
    const silences = [
      silence(1, 'environment', 2, null, [0, 100]),
      silence(2, 'device', 1, 5, [50, 60]),
      silence(3, 'device', 1, 6, [0, 10]),
    ];
    const test = silencedBy(silences, 55);
    expect(test({ environmentId: 1, deviceId: 5 })).toBe(true);
    expect(test({ environmentId: 1, deviceId: 6 })).toBe(false);
    expect(test({ environmentId: 1, deviceId: 7 })).toBe(false);
    expect(test({ environmentId: 2, deviceId: 7 })).toBe(true);
    expect(silencedBy(silences, 60)({ environmentId: 1, deviceId: 5 })).toBe(false);
  });
});
