import { z } from 'zod';
import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema } from '../common.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  OpenVpnProfileCreateSchema,
  OpenVpnProfileListResponseSchema,
  OpenVpnProfileSchema,
  OpenVpnProfileUpdateSchema,
} from './openVpnProfile.js';
import { VPN_CERTIFICATE_CONTENT_TYPE, VpnCertificateRequestSchema } from './vpnCertificate.js';

const tag = 'VPN';

const PROFILE_WRITE_ERRORS = [
  ErrorCode.VPN_PROFILE_NAME_EXISTS,
  ErrorCode.DUPLICATE_CUSTOM_KEY,
  ErrorCode.CUSTOM_KEY_NOT_ALLOWED,
] as const;

/** Section 7, "OpenVPN profiles" and "VPN certificates". */
export const vpnApi = {
  profiles: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/apps/openvpn/profiles',
    summary: 'The environment’s OpenVPN profiles',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.openVpnProfiles,
    access: 'user',
    capability: 'openVpnProfiles.view',
    answer: OpenVpnProfileListResponseSchema,
  }),
  createProfile: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/apps/openvpn/profiles',
    summary: 'Add an OpenVPN profile',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'openVpnProfiles.add',
    body: OpenVpnProfileCreateSchema,
    answer: z.object({ id: IdSchema, openvpn_profile: OpenVpnProfileSchema }),
    status: 201,
    errors: [...PROFILE_WRITE_ERRORS, ErrorCode.COLLECTION_LIMIT_REACHED],
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/apps/openvpn/profiles/{id}',
    summary: 'Change an OpenVPN profile',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'openVpnProfiles.update',
    body: OpenVpnProfileUpdateSchema,
    answer: z.object({ openvpn_profile: OpenVpnProfileSchema }),
    errors: PROFILE_WRITE_ERRORS,
  }),
  removeProfile: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/apps/openvpn/profiles/{id}',
    summary: 'Delete an OpenVPN profile; rules that used it lose it',
    tag,
    access: 'user',
    capability: 'openVpnProfiles.delete',
    answer: OkResponseSchema.extend({ rules_updated: z.number().int().min(0) }),
  }),
  generateCertificate: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/vpn_certificates',
    summary: 'Issue a client certificate for a profile; the answer is the .ovpn file',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'vpnCertificates.generate',
    body: VpnCertificateRequestSchema,
    kind: 'download',
    file: { contentType: VPN_CERTIFICATE_CONTENT_TYPE },
    errors: [ErrorCode.PRIVATE_PROFILE_CERTIFICATE, ErrorCode.INVALID_ID],
  }),
} as const;

/** The 502 kind a certificate authority that does not answer is reported with. */
