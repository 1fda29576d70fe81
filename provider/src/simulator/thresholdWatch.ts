import {
  deviceReadings,
  formatReading,
  nextSeverity,
  risingSeverity,
  Severity,
  SEVERITY_NAMES,
  ThresholdAttributeType,
  thresholdEvent,
  thresholdMetadataOf,
  type DeviceFacts,
} from '@halo/shared';
import type { NewSystemLog, ThresholdRow } from '../store/schema.js';
import { thresholdValuesOf } from '../store/thresholds.js';

/** What a device's attribute is called in a log entry's description. */
const ATTRIBUTE_LABELS: Readonly<Record<ThresholdAttributeType, string>> = {
  [ThresholdAttributeType.TEMPERATURE]: 'temperature',
  [ThresholdAttributeType.DEVICE_STATE]: 'not connected for',
  [ThresholdAttributeType.CELLULAR_PORT_1]: 'cellular 1 signal',
  [ThresholdAttributeType.CELLULAR_PORT_2]: 'cellular 2 signal',
  [ThresholdAttributeType.CELLULAR_PORT_3]: 'cellular 3 signal',
  [ThresholdAttributeType.CELLULAR_PORT_4]: 'cellular 4 signal',
  [ThresholdAttributeType.ETHERNET_PORT_1]: 'ethernet 1 down for',
  [ThresholdAttributeType.ETHERNET_PORT_2]: 'ethernet 2 down for',
  [ThresholdAttributeType.ETHERNET_PORT_3]: 'ethernet 3 down for',
  [ThresholdAttributeType.WIFI]: 'wifi down for',
  [ThresholdAttributeType.VLAN]: 'vlan down for',
  [ThresholdAttributeType.CELLULAR_MODEMS_HEALTH]: 'cellular modems online',
  [ThresholdAttributeType.SIM_EVENT]: 'SIM events in the last hour',
};

export interface WatchedDevice {
  readonly id: number;
  readonly name: string;
  readonly facts: DeviceFacts;
}

export type ThresholdLogDraft = Omit<NewSystemLog, 'environment_id' | 'log_time'>;

/**
 * The simulator's threshold evaluation: each tick every device's readings against its
 * environment's thresholds as they are now, one system log entry per change of severity
 * (event `threshold_<severity>`, or `back_to_safety`), an alert too when the threshold says
 * so and the device got worse. A device seen for the first time takes the severity its
 * readings have, silently, so a restart does not repeat entries.
 */
export function createThresholdWatch() {
  const severities = new Map<number, Map<ThresholdAttributeType, Severity>>();

  return {
    evaluate(devices: Iterable<WatchedDevice>, thresholds: readonly ThresholdRow[], now: number): ThresholdLogDraft[] {
      const rules = thresholds.map((row) => {
        const type = row.device_attribute_type as ThresholdAttributeType;
        return {
          type,
          values: thresholdValuesOf(row),
          metadata: thresholdMetadataOf(type),
          alert: row.should_alert === 1,
        };
      });
      const entries: ThresholdLogDraft[] = [];
      for (const device of devices) {
        const readings = deviceReadings(device.facts, now);
        let known = severities.get(device.id);
        const firstSight = known === undefined;
        if (!known) {
          known = new Map();
          severities.set(device.id, known);
        }
        for (const rule of rules) {
          const reading = readings.get(rule.type);
          // No reading (not connected, no such port): the attribute keeps its severity until read again.
          if (reading === undefined) continue;
          const before = known.get(rule.type);
          const after =
            firstSight || before === undefined
              ? risingSeverity(reading, rule.values, rule.metadata)
              : nextSeverity(before, reading, rule.values, rule.metadata);
          known.set(rule.type, after);
          if (firstSight || before === undefined || after === before) continue;
          const value = formatReading(reading, rule.metadata.unit);
          const label = ATTRIBUTE_LABELS[rule.type];
          const recovered = after === Severity.NORMAL;
          entries.push({
            device_id: device.id,
            device_name: device.name,
            device_attribute_type: rule.type,
            event_type: thresholdEvent(after),
            value,
            severity: after,
            description: recovered
              ? `${device.name}: ${label} ${value}, back to safety`
              : `${device.name}: ${label} ${value}, ${SEVERITY_NAMES[after]}`,
            is_alert: rule.alert && after > before ? 1 : 0,
          });
        }
      }
      return entries;
    },
    /** A device that left the fleet. */
    forget(deviceId: number) {
      severities.delete(deviceId);
    },
  };
}

export type ThresholdWatch = ReturnType<typeof createThresholdWatch>;
