import { describe, expect, it } from 'vitest';
import {
  DataLinksAvailabilityResponseSchema,
  DataLinksInfoResponseSchema,
  DeviceLocationsResponseSchema,
  DevicesStateResponseSchema,
  DeviceStatusResponseSchema,
} from './deviceTelemetry.js';

const counts = { online: 1, offline: 0 };
const nics = { cellular: counts, eth: counts, wifi: counts, vlan: counts, vpn: counts };

describe('device telemetry responses', () => {
  it('needs online and offline counts for every interface kind', () => {
    expect(
      DataLinksAvailabilityResponseSchema.safeParse({
        halo_data_links_availability: [{ device_id: 1, nics_info: nics }],
      }).success,
    ).toBe(true);
    const { vpn: _missing, ...withoutVpn } = nics;
    expect(
      DataLinksAvailabilityResponseSchema.safeParse({
        halo_data_links_availability: [{ device_id: 1, nics_info: withoutVpn }],
      }).success,
    ).toBe(false);
    expect(
      DataLinksAvailabilityResponseSchema.safeParse({
        halo_data_links_availability: [{ device_id: 1, nics_info: { ...nics, eth: { online: -1, offline: 0 } } }],
      }).success,
    ).toBe(false);
  });

  it('fills missing interface kinds of links info with empty lists', () => {
    const parsed = DataLinksInfoResponseSchema.parse({
      halo_data_links_info: [
        { device_id: 4, halo_data_links_info: { cellular: [{ port: 2, is_online: false, signal: 40 }] } },
      ],
    });
    expect(parsed.halo_data_links_info[0]?.halo_data_links_info).toEqual({
      cellular: [{ port: 2, is_online: false, signal: 40 }],
      eth: [],
      wifi: [],
      vlan: [],
      vpn: [],
    });
  });

  it('refuses a link without its online flag or with port 0', () => {
    const bad = (link: unknown) =>
      DataLinksInfoResponseSchema.safeParse({
        halo_data_links_info: [{ device_id: 4, halo_data_links_info: { eth: [link] } }],
      }).success;
    expect(bad({ port: 1 })).toBe(false);
    expect(bad({ port: 0, is_online: true })).toBe(false);
  });

  it('parses devices_state, device_status and locations', () => {
    expect(
      DevicesStateResponseSchema.parse({ devices_state: [{ device_id: 1, device_state: 3 }] }).devices_state,
    ).toHaveLength(1);
    expect(DevicesStateResponseSchema.safeParse({ devices_state: [{ device_id: 1 }] }).success).toBe(false);
    expect(
      DeviceStatusResponseSchema.safeParse({
        device_status: [{ device_id: 1, halo_data_links_info: null, halo_system_report: { temperature: 40 } }],
      }).success,
    ).toBe(true);
    const location = {
      device_id: 1,
      coordinate: [34.8, 32.1],
      altitude: 30,
      time: '2024-01-01T00:00:00Z',
      accuracy: 5,
      status: 2,
    };
    expect(DeviceLocationsResponseSchema.safeParse({ locations: [location] }).success).toBe(true);
    expect(DeviceLocationsResponseSchema.safeParse({ locations: [{ ...location, status: 3 }] }).success).toBe(false);
    expect(DeviceLocationsResponseSchema.safeParse({ locations: [{ ...location, accuracy: -1 }] }).success).toBe(false);
  });
});
