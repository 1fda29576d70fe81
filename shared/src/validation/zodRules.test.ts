import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DeviceCreateSchema } from '../devices/device.js';
import { fieldProblems } from './zodRules.js';

describe('fieldProblems', () => {
  it('keeps the rule keys and params schemas set', () => {
    const result = DeviceCreateSchema.safeParse({
      device: {
        name: 'a b',
        pairing_id: 'SN1',
        is_server: true,
        ip_addresses: ['1.1.1.1'],
        ports: { from: 80, to: 2000 },
      },
    });
    expect(fieldProblems(result.error!)).toEqual([
      { path: 'device.name', key: 'validation.invalidCharacters', params: ['name'] },
      { path: 'device.ports.from', key: 'validation.portRange', params: [1024, 49151] },
    ]);
  });

  it("maps zod's built-in checks to section 5 keys", () => {
    const schema = z.strictObject({
      count: z.number(),
      label: z.string().max(3),
      tags: z.array(z.string()).min(1),
      level: z.number().min(2),
      limit: z.number().max(9),
    });
    const missing = schema.safeParse({ label: 'abcd', tags: [], level: 1, limit: 10, extra: true });
    expect(fieldProblems(missing.error!)).toEqual([
      { path: 'count', key: 'validation.required', params: ['count'] },
      { path: 'label', key: 'validation.maxLength', params: [3] },
      { path: 'tags', key: 'validation.required', params: ['tags'] },
      { path: 'level', key: 'validation.atLeast', params: [2] },
      { path: 'limit', key: 'validation.notExceed', params: [9] },
      { path: '', key: 'validation.invalid', params: ['extra'] },
    ]);
  });

  it('tells a wrong type from a missing value, with or without reportInput', () => {
    const schema = z.object({ count: z.number() });
    expect(fieldProblems(schema.safeParse({ count: 'x' }).error!)[0]?.key).toBe('validation.invalid');
    expect(fieldProblems(schema.safeParse({ count: 'x' }, { reportInput: true }).error!)[0]?.key).toBe(
      'validation.invalid',
    );
    expect(fieldProblems(schema.safeParse({}, { reportInput: true }).error!)[0]?.key).toBe('validation.required');
  });

  it('stops at the limit', () => {
    const result = z.array(z.number()).safeParse(['a', 'b', 'c']);
    expect(fieldProblems(result.error!, 2)).toHaveLength(2);
  });
});
