import { ThresholdAttributeType, type Threshold } from '@halo/shared';

/**
 * The body that turns the temperature threshold into a storm (bench:alarms, bench:live with
 * BENCH_ALARM_STORM): minor from `limit` up, major and critical above it, alerting, so that the
 * devices read above it open alarms.
 */
export const stormThreshold = (threshold: Threshold, limit: number) => ({
  threshold: {
    device_attribute_type: ThresholdAttributeType.TEMPERATURE,
    threshold_values: {
      ...threshold.threshold_values,
      minor: limit,
      major: limit + 8,
      critical: limit + 16,
      back_to_safety: limit - 5,
    },
    should_alert: true,
  },
});
