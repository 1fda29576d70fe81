import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from '../index.js';

/** Every schema a provider or gateway parses an incoming body or query with. */
const INPUT_SCHEMAS: Record<string, z.ZodType> = {
  LoginRequestSchema: shared.LoginRequestSchema,
  OtpRequestSchema: shared.OtpRequestSchema,
  EnvironmentCreateSchema: shared.EnvironmentCreateSchema,
  UserCreateSchema: shared.UserCreateSchema,
  GroupWriteSchema: shared.GroupWriteSchema,
  DeviceCreateSchema: shared.DeviceCreateSchema,
  DevicesStateQuerySchema: shared.DevicesStateQuerySchema,
  ApplicationRuleInputSchema: shared.ApplicationRuleInputSchema,
  OpenVpnProfileInputSchema: shared.OpenVpnProfileInputSchema,
  VpnCertificateRequestSchema: shared.VpnCertificateRequestSchema,
  ThresholdUpdateSchema: shared.ThresholdUpdateSchema,
  SatcomTargetUpdateSchema: shared.SatcomTargetUpdateSchema,
  RfRecordingDownloadRequestSchema: shared.RfRecordingDownloadRequestSchema,
  RfRecordingQuerySchema: shared.RfRecordingQuerySchema,
  UserAuditQuerySchema: shared.UserAuditQuerySchema,
  SystemLogQuerySchema: shared.SystemLogQuerySchema,
};

const HOSTILE_BODIES: unknown[] = [
  null,
  undefined,
  'string',
  42,
  [],
  [{}],
  JSON.parse('{"__proto__": {"isAdmin": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  { device: null, user: [], group: 'x', threshold: 1, satcom_target: null },
  { name: { toString: 'x' }, hosts_list: 'all', hubs_list: { length: 2 }, ports: [1024, 2000] },
];

describe('input schemas against hostile bodies', () => {
  it.each(Object.entries(INPUT_SCHEMAS))('%s refuses malformed bodies without throwing', (_, schema) => {
    for (const body of HOSTILE_BODIES) {
      const result = schema.safeParse(body);
      // Query schemas may accept an empty object of parameters; nothing else may pass.
      if (result.success) expect(result.data).toEqual({});
    }
  });

  it('never pollutes Object.prototype', () => {
    for (const schema of Object.values(INPUT_SCHEMAS)) for (const body of HOSTILE_BODIES) schema.safeParse(body);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
