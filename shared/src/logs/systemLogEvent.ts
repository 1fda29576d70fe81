import { SEVERITY_NAMES, Severity } from '../constants/enums.js';
import { SIM_EVENT_TYPE } from '../thresholds/deviceReadings.js';

/**
 * The event types (system_logs.event_type) the product writes: the fleet's own reports and
 * threshold evaluation. Every one has a label in both languages (labels/codeLabels.ts); an
 * upstream's other codes are shown as unknown, with the code.
 */
export const SystemLogEvent = {
  LINK_UP: 'link_up',
  LINK_DOWN: 'link_down',
  DEVICE_ACTIVATED: 'device_activated',
  DEVICE_CONNECTED: 'device_connected',
  DEVICE_DISCONNECTED: 'device_disconnected',
  MAIN_APP_ONLINE: 'main_app_online',
  MAIN_APP_OFFLINE: 'main_app_offline',
  SIM_EVENT: SIM_EVENT_TYPE,
  THRESHOLD_MINOR: 'threshold_minor',
  THRESHOLD_MAJOR: 'threshold_major',
  THRESHOLD_CRITICAL: 'threshold_critical',
  BACK_TO_SAFETY: 'back_to_safety',
} as const;
export type SystemLogEvent = (typeof SystemLogEvent)[keyof typeof SystemLogEvent];

/** The event a threshold writes when a reading moves a device to `severity` (normal: back to safety). */
export function thresholdEvent(severity: Severity): SystemLogEvent {
  if (severity === Severity.NORMAL) return SystemLogEvent.BACK_TO_SAFETY;
  return `threshold_${SEVERITY_NAMES[severity]}` as SystemLogEvent;
}
