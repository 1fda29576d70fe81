import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  THRESHOLD_ATTRIBUTE_NAMES,
  ThresholdListResponseSchema,
  ThresholdMetadataResponseSchema,
  ThresholdUpdateSchema,
  thresholdValuesProblem,
  type ThresholdMetadata,
} from './threshold.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

const values = { minor: 60, major: 70, critical: 80, alert: null, back_to_safety: 55 };
const update = { threshold: { device_attribute_type: 1, threshold_values: values, should_alert: true } };

describe('ThresholdUpdateSchema', () => {
  it('accepts a threshold and fills unused levels with null', () => {
    const parsed = ThresholdUpdateSchema.parse({ threshold: { ...update.threshold, threshold_values: { minor: 1 } } });
    expect(parsed.threshold.threshold_values).toEqual({
      minor: 1,
      major: null,
      critical: null,
      alert: null,
      back_to_safety: null,
    });
  });

  it.each([0, 14, 1.5, -1])('refuses the attribute type %s', (type) => {
    const result = ThresholdUpdateSchema.safeParse({ threshold: { ...update.threshold, device_attribute_type: type } });
    expect(messages(result)).toEqual(['validation.invalid']);
  });

  it('accepts ethernet port 3 as attribute type 13', () => {
    expect(
      ThresholdUpdateSchema.safeParse({ threshold: { ...update.threshold, device_attribute_type: 13 } }).success,
    ).toBe(true);
  });

  it('refuses non-numeric and non-finite values', () => {
    for (const minor of ['60', Number.POSITIVE_INFINITY, Number.NaN]) {
      const result = ThresholdUpdateSchema.safeParse({
        threshold: { ...update.threshold, threshold_values: { ...values, minor } },
      });
      expect(result.success).toBe(false);
    }
  });

  it('requires should_alert and refuses unknown fields', () => {
    const { should_alert: _dropped, ...noAlert } = update.threshold;
    expect(messages(ThresholdUpdateSchema.safeParse({ threshold: noAlert }))).toEqual(['validation.required']);
    expect(ThresholdUpdateSchema.safeParse({ threshold: { ...update.threshold, id: 1 } }).success).toBe(false);
    expect(
      ThresholdUpdateSchema.safeParse({
        threshold: { ...update.threshold, threshold_values: { ...values, warning: 1 } },
      }).success,
    ).toBe(false);
  });
});

describe('thresholdValuesProblem', () => {
  const temperature: ThresholdMetadata = {
    device_attribute_type: 1,
    name: 'temperature',
    unit: '°C',
    min_value: -40,
    max_value: 125,
    levels: ['minor', 'major', 'critical', 'back_to_safety'],
  };

  it('accepts values within bounds on used levels', () => {
    expect(thresholdValuesProblem(values, temperature)).toBeNull();
  });

  it('refuses a level the attribute does not use', () => {
    expect(thresholdValuesProblem({ ...values, alert: 1 }, temperature)).toEqual({
      level: 'alert',
      problem: { key: 'validation.invalid', params: ['alert'] },
    });
  });

  it('refuses values beyond the bounds with their keys', () => {
    expect(thresholdValuesProblem({ ...values, critical: 126 }, temperature)?.problem).toEqual({
      key: 'validation.notExceed',
      params: [125],
    });
    expect(thresholdValuesProblem({ ...values, minor: -41 }, temperature)?.problem).toEqual({
      key: 'validation.atLeast',
      params: [-40],
    });
    expect(thresholdValuesProblem({ ...values, critical: 125, minor: -40 }, temperature)).toBeNull();
  });
});

describe('threshold responses', () => {
  it('parses the list and the metadata', () => {
    expect(
      ThresholdListResponseSchema.safeParse({
        thresholds: [{ id: 1, device_attribute_type: 1, threshold_values: values, should_alert: false }],
      }).success,
    ).toBe(true);
    const metadata = {
      device_attribute_type: 12,
      name: 'simEvent',
      unit: null,
      min_value: null,
      max_value: null,
      levels: ['alert'],
    };
    expect(ThresholdMetadataResponseSchema.safeParse({ thresholds_metadata: [metadata] }).success).toBe(true);
    expect(
      ThresholdMetadataResponseSchema.safeParse({ thresholds_metadata: [{ ...metadata, levels: ['warning'] }] })
        .success,
    ).toBe(false);
  });

  it('names every attribute type of the table', () => {
    expect(
      Object.keys(THRESHOLD_ATTRIBUTE_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});
