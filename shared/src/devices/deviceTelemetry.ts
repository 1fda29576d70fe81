/**
 * What devices report (spec section 3, "Status and reporting"): data links per interface
 * kind, their availability counts, the system report, location, time info and the
 * devices_state entries the poller merges.
 */
import { z } from 'zod';
import { IdSchema } from '../common.js';
import { LINK_INTERFACE_KINDS, type LinkInterfaceKind } from '../constants/constants.js';
import { LocationStatus } from '../constants/enums.js';

export const LinkInterfaceKindSchema = z.enum(LINK_INTERFACE_KINDS);

/** One data link (a cellular modem, an ethernet port, the wifi, a vlan or a vpn tunnel). */
export const DataLinkSchema = z.object({
  /** Port number within its kind: cellular 1-4, ethernet 1-3, otherwise 1. */
  port: z.number().int().min(1),
  is_online: z.boolean(),
  name: z.string().nullable().optional(),
  ip_address: z.string().nullable().optional(),
  /** Signal quality 0-100 where the kind has one (cellular, wifi). */
  signal: z.number().nullable().optional(),
  /** When an offline link went down (ISO 8601), if the device knows. */
  offline_since: z.string().nullable().optional(),
  rx_bytes: z.number().min(0).nullable().optional(),
  tx_bytes: z.number().min(0).nullable().optional(),
});
export type DataLink = z.infer<typeof DataLinkSchema>;

/** halo_data_links_info: the links of one device, one list per interface kind. */
export const DataLinksInfoSchema = z.object({
  cellular: z.array(DataLinkSchema).default([]),
  eth: z.array(DataLinkSchema).default([]),
  wifi: z.array(DataLinkSchema).default([]),
  vlan: z.array(DataLinkSchema).default([]),
  vpn: z.array(DataLinkSchema).default([]),
});
export type DataLinksInfo = z.infer<typeof DataLinksInfoSchema>;

export const NicCountsSchema = z.object({
  online: z.number().int().min(0),
  offline: z.number().int().min(0),
});
export type NicCounts = z.infer<typeof NicCountsSchema>;

/** One row of halo_data_links_availability: online and offline counts per interface kind. */
export const DataLinksAvailabilitySchema = z.object({
  device_id: IdSchema,
  nics_info: z.object({
    cellular: NicCountsSchema,
    eth: NicCountsSchema,
    wifi: NicCountsSchema,
    vlan: NicCountsSchema,
    vpn: NicCountsSchema,
  }),
});
export type DataLinksAvailability = z.infer<typeof DataLinksAvailabilitySchema>;

export const DataLinksAvailabilityResponseSchema = z.object({
  halo_data_links_availability: z.array(DataLinksAvailabilitySchema),
});
export type DataLinksAvailabilityResponse = z.infer<typeof DataLinksAvailabilityResponseSchema>;

/** GET /devices/data_links_info answers one entry per requested device. */
export const DeviceDataLinksInfoSchema = z.object({
  device_id: IdSchema,
  halo_data_links_info: DataLinksInfoSchema.nullable(),
});
export const DataLinksInfoResponseSchema = z.object({
  halo_data_links_info: z.array(DeviceDataLinksInfoSchema),
});
export type DataLinksInfoResponse = z.infer<typeof DataLinksInfoResponseSchema>;

/**
 * halo_system_report: what the device says about itself. Loose on purpose: firmware adds
 * fields over time and the console shows what it knows and keeps the rest.
 */
export const SystemReportSchema = z.looseObject({
  temperature: z.number().nullable().optional(),
  cpu_usage: z.number().nullable().optional(),
  memory_usage: z.number().nullable().optional(),
  uptime_seconds: z.number().min(0).nullable().optional(),
  gnss_lock: z.boolean().nullable().optional(),
  firmware_version: z.string().nullable().optional(),
  reported_at: z.string().nullable().optional(),
});
export type SystemReport = z.infer<typeof SystemReportSchema>;

/** Location: coordinate is [longitude, latitude]; accuracy 0 means no fix. */
export const LocationSchema = z.object({
  coordinate: z.array(z.number()).max(3),
  altitude: z.number().nullable().optional(),
  time: z.string().nullable().optional(),
  accuracy: z.number().min(0),
});
export type GeoLocation = z.infer<typeof LocationSchema>;

export const LocationStatusSchema = z.union([
  z.literal(LocationStatus.UNAVAILABLE),
  z.literal(LocationStatus.OFFLINE),
  z.literal(LocationStatus.ONLINE),
]);

/** GET /devices/locations: the latest location of each device and its derived status. */
export const DeviceLocationSchema = LocationSchema.extend({
  device_id: IdSchema,
  status: LocationStatusSchema,
});
export type DeviceLocation = z.infer<typeof DeviceLocationSchema>;
export const DeviceLocationsResponseSchema = z.object({ locations: z.array(DeviceLocationSchema) });
export type DeviceLocationsResponse = z.infer<typeof DeviceLocationsResponseSchema>;

export const TimeInfoSchema = z.object({
  /** Last time the device reported anything. */
  last_seen: z.string().nullable(),
  activated_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  /** The device's own clock offset from the server, in seconds, when known. */
  clock_offset_seconds: z.number().nullable().optional(),
});
export type TimeInfo = z.infer<typeof TimeInfoSchema>;

/** A devices_state entry. device_state 0 means no fresh state. */
export const DeviceStateEntrySchema = z.object({
  device_id: IdSchema,
  device_state: z.number().int(),
});
export type DeviceStateEntry = z.infer<typeof DeviceStateEntrySchema>;

export const DevicesStateResponseSchema = z.object({ devices_state: z.array(DeviceStateEntrySchema) });
export type DevicesStateResponse = z.infer<typeof DevicesStateResponseSchema>;

/** A request whose `state` equals this is an incremental update; anything else replaces. */
export const DEVICES_STATE_INCREMENTAL = 1;

/** GET /devices/device_status: per-device links and system report. */
export const DeviceStatusEntrySchema = z.object({
  device_id: IdSchema,
  halo_data_links_info: DataLinksInfoSchema.nullable(),
  halo_system_report: SystemReportSchema.nullable(),
});
export type DeviceStatusEntry = z.infer<typeof DeviceStatusEntrySchema>;
export const DeviceStatusResponseSchema = z.object({ device_status: z.array(DeviceStatusEntrySchema) });
export type DeviceStatusResponse = z.infer<typeof DeviceStatusResponseSchema>;

export const EMPTY_DATA_LINKS_INFO: Readonly<Record<LinkInterfaceKind, readonly DataLink[]>> = Object.freeze({
  cellular: [],
  eth: [],
  wifi: [],
  vlan: [],
  vpn: [],
});
