import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvListSchema, IsoDateSchema, numberInput, PortSchema, QueryIdSchema, wholeNumberParam } from './common.js';

describe('common building blocks', () => {
  it('numberInput reports missing values as required and wrong types with its key', () => {
    const schema = z.strictObject({ value: numberInput('validation.portRange') });
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('validation.required');
    expect(schema.safeParse({ value: null }).error?.issues[0]?.message).toBe('validation.required');
    expect(schema.safeParse({ value: '80' }).error?.issues[0]?.message).toBe('validation.portRange');
  });

  it('PortSchema accepts 1-65535 integers only', () => {
    expect(PortSchema.safeParse(1).success).toBe(true);
    expect(PortSchema.safeParse(65535).success).toBe(true);
    for (const port of [0, 65536, 80.5, Number.NaN])
      expect(PortSchema.safeParse(port).error?.issues[0]?.message).toBe('validation.portRange');
  });

  it('csvListSchema splits, skips empty items, refuses blanks around a number and bounds the count', () => {
    const schema = csvListSchema(QueryIdSchema, 3);
    expect(schema.parse('1,2,,3')).toEqual([1, 2, 3]);
    for (const dressed of [' 1,2', '1, 2', '1,2 ', '1,2\r\n', '1,\t2'])
      expect(schema.safeParse(dressed).success).toBe(false);
    expect(schema.parse('')).toEqual([]);
    expect(schema.safeParse('1,2,3,4').error?.issues[0]?.message).toBe('validation.notExceed');
    expect(schema.safeParse('1,-2').success).toBe(false);
  });

  it('wholeNumberParam takes plain digits within its range, a minus only where negatives are', () => {
    const count = wholeNumberParam(1, 100);
    expect(count.parse('7')).toBe(7);
    expect(count.parse(7)).toBe(7);
    for (const dressed of ['', ' 7', '7 ', '7\n', '7\r\n', '\t7', '+7', '7e0', '0x7', '7.0', '-7', '0', '101', '7,8'])
      expect(count.safeParse(dressed).success, JSON.stringify(dressed)).toBe(false);
    const signed = wholeNumberParam(-10, 10);
    expect(signed.parse('-7')).toBe(-7);
    for (const dressed of ['- 7', '--7', ' -7', '-7\n', '-11']) expect(signed.safeParse(dressed).success).toBe(false);
  });

  it('IsoDateSchema takes real calendar days only', () => {
    expect(IsoDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(IsoDateSchema.safeParse('2024-02-30').error?.issues[0]?.message).toBe('validation.date');
  });
});
