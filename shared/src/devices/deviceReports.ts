/**
 * Reports (issue 28): availability (share of time connected) and mean time to recover over a
 * window, per environment and per device; firmware versions in use. Computed by the provider
 * from the connection history it records (device readings). The product's own calls.
 */
import { z } from 'zod';
import { QueryIdSchema, QueryIntSchema } from '../common.js';
import { ValidationKey } from '../validation/rules.js';
import type { Locale } from '../constants/constants.js';
import { LogExportShape } from '../logs/logExport.js';
import { DEVICE_TIMELINE_MAX_WINDOW_MS } from './deviceTimeline.js';

/** The availability report's window (epoch ms), and optionally one device. */
export const AvailabilityReportQuerySchema = z
  .strictObject({
    from: QueryIntSchema,
    to: QueryIntSchema,
    device_id: QueryIdSchema.optional(),
  })
  .refine((query) => query.to > query.from && query.to - query.from <= DEVICE_TIMELINE_MAX_WINDOW_MS, {
    message: ValidationKey.INVALID,
    path: ['to'],
  });
export type AvailabilityReportQuery = z.infer<typeof AvailabilityReportQuerySchema>;

/** The same, as CSV in the caller's language (`lang`, as the logs' exports take it). */
export const AvailabilityReportExportQuerySchema = z
  .strictObject({
    from: QueryIntSchema,
    to: QueryIntSchema,
    device_id: QueryIdSchema.optional(),
    ...LogExportShape,
  })
  .refine((query) => query.to > query.from && query.to - query.from <= DEVICE_TIMELINE_MAX_WINDOW_MS, {
    message: ValidationKey.INVALID,
    path: ['to'],
  });

/** One device's (or the environment's) figures over the window. */
export const AvailabilityFiguresSchema = z.object({
  /** Time with a known connection state in the window (ms). */
  observed_ms: z.number().int(),
  connected_ms: z.number().int(),
  /** connected_ms / observed_ms, 0-1; null when nothing was observed. */
  availability: z.number().nullable(),
  /** Times the connection went down in the window. */
  outages: z.number().int(),
  /** Mean length of the outages that ended in the window (ms); null when none ended. */
  mttr_ms: z.number().nullable(),
});
export type AvailabilityFigures = z.infer<typeof AvailabilityFiguresSchema>;

export const DeviceAvailabilitySchema = AvailabilityFiguresSchema.extend({
  device_id: z.number().int(),
  name: z.string(),
});
export type DeviceAvailability = z.infer<typeof DeviceAvailabilitySchema>;

export const AvailabilityReportSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** The environment's devices together (the device's alone with device_id); written after `devices`, once all are read. */
  total: AvailabilityFiguresSchema,
  /** Per device, by id (streamed a batch at a time; a reader sorts them as it shows them). */
  devices: z.array(DeviceAvailabilitySchema),
});
export type AvailabilityReport = z.infer<typeof AvailabilityReportSchema>;

/** One firmware version in use: how many devices run it, how many of those are behind their fixed version. */
export const FirmwareInUseSchema = z.object({
  /** The component the version is of (the devices' `versions` keys). */
  component: z.string(),
  version: z.string(),
  devices: z.number().int(),
  /** Devices running it whose upgrade policy fixes another version (they are behind or ahead of it). */
  behind_fixed: z.number().int(),
});
export type FirmwareInUse = z.infer<typeof FirmwareInUseSchema>;

/**
 * The most versions a firmware report lists. Devices report any text as their version, so an
 * environment's devices could report as many versions as there are devices; the ones run by
 * the most devices are listed (newest first), the rest counted in `more_versions`.
 */
export const FIRMWARE_REPORT_MAX_VERSIONS = 1000;

export const FirmwareReportSchema = z.object({
  /** Newest first: the FIRMWARE_REPORT_MAX_VERSIONS versions run by the most devices. */
  versions: z.array(FirmwareInUseSchema),
  /** Devices reporting no version at all (never activated). */
  unreported: z.number().int(),
  /** The versions left out past FIRMWARE_REPORT_MAX_VERSIONS and how many devices run them; null when none is. */
  more_versions: z.object({ versions: z.number().int(), devices: z.number().int() }).nullable(),
});
export type FirmwareReport = z.infer<typeof FirmwareReportSchema>;

export const FirmwareReportExportQuerySchema = z.strictObject(LogExportShape);

/** The firmware report's component for the devices' reported firmware (DeviceLiveState.versions' key). */
export const FIRMWARE_COMPONENT = 'firmware';

/** What a report's CSV writes in the caller's language (`lang`): its total row, a missing version, the components. */
export interface DeviceReportLabels {
  /** The availability export's first row: the devices together. */
  readonly allDevices: string;
  /** The firmware export's row of devices that report no version. */
  readonly notReported: string;
  /** The firmware export's row of the versions left out (FirmwareReport's `more_versions`), given how many. */
  readonly moreVersions: (versions: number) => string;
  readonly components: Readonly<Record<typeof FIRMWARE_COMPONENT, string>>;
}

export const DEVICE_REPORT_LABELS: Readonly<Record<Locale, DeviceReportLabels>> = {
  'en-US': {
    allDevices: 'All devices',
    notReported: 'No version reported',
    moreVersions: (versions) =>
      `${versions.toLocaleString('en-US')} more ${versions === 1 ? 'version' : 'versions'} (not listed)`,
    components: { firmware: 'Firmware' },
  },
  'he-IL': {
    allDevices: 'כל ההתקנים',
    notReported: 'לא דווחה גרסה',
    moreVersions: (versions) =>
      versions === 1 ? 'גרסה אחת נוספת (לא מפורטת)' : `${versions.toLocaleString('he-IL')} גרסאות נוספות (לא מפורטות)`,
    components: { firmware: 'קושחה' },
  },
};
