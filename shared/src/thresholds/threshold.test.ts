import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Severity, ThresholdAttributeType } from '../constants/enums.js';
import { deviceReadings, formatReading, type DeviceFacts } from './deviceReadings.js';
import {
  THRESHOLD_ATTRIBUTE_NAMES,
  ThresholdListResponseSchema,
  ThresholdMetadataResponseSchema,
  thresholdValuesProblems,
} from './threshold.js';
import { nextSeverity, risingSeverity, severityCounts } from './thresholdEvaluation.js';
import {
  defaultThresholdValues,
  THRESHOLD_ATTRIBUTE_TYPES,
  THRESHOLD_METADATA,
  thresholdMetadataOf,
} from './thresholdMetadata.js';
import { ThresholdUpdateSchema } from './thresholdsApi.js';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const temperature = thresholdMetadataOf(ThresholdAttributeType.TEMPERATURE);
const signal = thresholdMetadataOf(ThresholdAttributeType.CELLULAR_PORT_1);
const values = { minor: 60, major: 70, critical: 80, alert: null, back_to_safety: 55 };
const update = { threshold: { device_attribute_type: 1, threshold_values: values, should_alert: true } };

describe('ThresholdUpdateSchema', () => {
  it('accepts a threshold and fills unused levels with null', () => {
    const parsed = ThresholdUpdateSchema.parse({
      threshold: { ...update.threshold, threshold_values: { minor: 1, major: 2, critical: 3, back_to_safety: 0 } },
    });
    expect(parsed.threshold.threshold_values).toEqual({
      minor: 1,
      major: 2,
      critical: 3,
      alert: null,
      back_to_safety: 0,
    });
  });

  it.each([0, 14, 1.5, -1])('refuses the attribute type %s', (type) => {
    const result = ThresholdUpdateSchema.safeParse({ threshold: { ...update.threshold, device_attribute_type: type } });
    expect(messages(result)).toEqual(['threshold.device_attribute_type: validation.invalid']);
  });

  it('refuses non-numeric and non-finite values', () => {
    for (const minor of ['60', Number.POSITIVE_INFINITY, Number.NaN]) {
      const result = ThresholdUpdateSchema.safeParse({
        threshold: { ...update.threshold, threshold_values: { ...values, minor } },
      });
      expect(result.success).toBe(false);
    }
  });

  it('names the level at fault: out of order, on the wrong side, out of bounds, missing or not used', () => {
    const refused = (threshold_values: object, type = 1) =>
      messages(
        ThresholdUpdateSchema.safeParse({
          threshold: { device_attribute_type: type, threshold_values, should_alert: false },
        }),
      );
    expect(refused({ ...values, major: 60 })).toEqual(['threshold.threshold_values.major: validation.moreThan']);
    expect(refused({ ...values, back_to_safety: 61 })).toEqual([
      'threshold.threshold_values.back_to_safety: validation.lessThan',
    ]);
    expect(refused({ ...values, critical: 126 })).toEqual([
      'threshold.threshold_values.critical: validation.notExceed',
    ]);
    expect(refused({ ...values, critical: null })).toEqual([
      'threshold.threshold_values.critical: validation.required',
    ]);
    expect(refused({ ...values, alert: 5 })).toEqual(['threshold.threshold_values.alert: validation.invalid']);
    // A weaker signal is worse: the limits go down, back to safety lies above them.
    expect(refused({ minor: 35, major: 20, critical: 10, back_to_safety: 45 }, 3)).toEqual([]);
    expect(refused({ minor: 35, major: 40, critical: 10, back_to_safety: 45 }, 3)).toEqual([
      'threshold.threshold_values.major: validation.lessThan',
    ]);
    expect(refused({ minor: 35, major: 20, critical: 10, back_to_safety: 30 }, 3)).toEqual([
      'threshold.threshold_values.back_to_safety: validation.moreThan',
    ]);
  });

  it('requires should_alert and refuses unknown fields', () => {
    const { should_alert: _dropped, ...noAlert } = update.threshold;
    expect(messages(ThresholdUpdateSchema.safeParse({ threshold: noAlert }))).toEqual([
      'threshold.should_alert: validation.required',
    ]);
    expect(ThresholdUpdateSchema.safeParse({ threshold: { ...update.threshold, id: 1 } }).success).toBe(false);
    expect(
      ThresholdUpdateSchema.safeParse({
        threshold: { ...update.threshold, threshold_values: { ...values, warning: 1 } },
      }).success,
    ).toBe(false);
  });
});

describe('threshold metadata and defaults', () => {
  it('describes every attribute type of the table, and every default passes its own checks', () => {
    expect(THRESHOLD_ATTRIBUTE_TYPES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(
      Object.keys(THRESHOLD_ATTRIBUTE_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(THRESHOLD_ATTRIBUTE_TYPES);
    for (const metadata of THRESHOLD_METADATA) {
      const defaults = defaultThresholdValues(metadata.device_attribute_type as ThresholdAttributeType);
      expect(thresholdValuesProblems(defaults, metadata), metadata.name).toEqual([]);
    }
    expect(
      ThresholdMetadataResponseSchema.parse({ thresholds_metadata: THRESHOLD_METADATA }).thresholds_metadata,
    ).toHaveLength(13);
  });

  it('parses the list answer', () => {
    expect(
      ThresholdListResponseSchema.safeParse({
        thresholds: [{ id: 1, device_attribute_type: 1, threshold_values: values, should_alert: false }],
      }).success,
    ).toBe(true);
  });
});

describe('severity of a reading', () => {
  const limits = { minor: 70, major: 75, critical: 85, alert: null, back_to_safety: 65 };

  it('rises to the worst limit reached, whichever way the attribute gets worse', () => {
    expect([64, 70, 74.9, 75, 85, 120].map((reading) => risingSeverity(reading, limits, temperature))).toEqual([
      0, 1, 1, 2, 3, 3,
    ]);
    const signalLimits = { minor: 35, major: 20, critical: 10, alert: null, back_to_safety: 45 };
    expect([80, 35, 19, 5].map((reading) => risingSeverity(reading, signalLimits, signal))).toEqual([0, 1, 2, 3]);
  });

  it('leaves a severity only past the recovery band, so a reading hovering at a limit does not flap', () => {
    const walk = (readings: number[], start: Severity = Severity.NORMAL) => {
      let severity = start;
      return readings.map((reading) => (severity = nextSeverity(severity, reading, limits, temperature)));
    };
    // Up to critical, then down: critical holds to 80, major to 70, minor to 65.
    expect(walk([86, 81, 80, 76, 70.5, 70, 66, 65])).toEqual([3, 3, 2, 2, 2, 1, 1, 0]);
    // Hovering around the minor limit raises minor once and keeps it.
    expect(walk([69.8, 70.1, 69.9, 70.2, 69.7])).toEqual([0, 1, 1, 1, 1]);
  });

  it('treats the single alert limit as major, and counts devices per severity', () => {
    const sim = thresholdMetadataOf(ThresholdAttributeType.SIM_EVENT);
    const simLimits = { minor: null, major: null, critical: null, alert: 2, back_to_safety: 0 };
    expect(nextSeverity(Severity.NORMAL, 2, simLimits, sim)).toBe(Severity.MAJOR);
    expect(nextSeverity(Severity.MAJOR, 1, simLimits, sim)).toBe(Severity.MAJOR);
    expect(nextSeverity(Severity.MAJOR, 0, simLimits, sim)).toBe(Severity.NORMAL);
    expect(severityCounts([50, 71, 76, 90, 91], limits, temperature)).toEqual([1, 1, 1, 2]);
  });
});

describe('device readings', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const facts: DeviceFacts = {
    activated: true,
    connected: true,
    lastSeenAt: now,
    temperature: 71.5,
    simEventsLastHour: 1,
    links: {
      cellular: [
        { port: 1, is_online: true, signal: 42 },
        { port: 2, is_online: false, signal: 0 },
      ],
      eth: [{ port: 1, is_online: false, offline_since: '2026-11-25T11:57:30Z' }],
      wifi: [{ port: 1, is_online: true }],
    },
  };

  it('reads each attribute the device has, and none it cannot be read on', () => {
    const readings = deviceReadings(facts, now);
    expect(Object.fromEntries(readings)).toEqual({
      [ThresholdAttributeType.SIM_EVENT]: 1,
      [ThresholdAttributeType.DEVICE_STATE]: 0,
      [ThresholdAttributeType.TEMPERATURE]: 71.5,
      [ThresholdAttributeType.CELLULAR_PORT_1]: 42,
      [ThresholdAttributeType.ETHERNET_PORT_1]: 2.5,
      [ThresholdAttributeType.WIFI]: 0,
      [ThresholdAttributeType.CELLULAR_MODEMS_HEALTH]: 50,
    });
  });

  it('reads only how long a device has been gone while it is not connected, and nothing before activation', () => {
    const gone = deviceReadings({ ...facts, connected: false, lastSeenAt: now - 12 * 60_000 }, now);
    expect(Object.fromEntries(gone)).toEqual({
      [ThresholdAttributeType.SIM_EVENT]: 1,
      [ThresholdAttributeType.DEVICE_STATE]: 12,
    });
    expect(deviceReadings({ ...facts, activated: false }, now).size).toBe(0);
    expect(formatReading(71.54, '°C')).toBe('71.5 °C');
    expect(formatReading(3, 'min')).toBe('3 min');
  });
});
