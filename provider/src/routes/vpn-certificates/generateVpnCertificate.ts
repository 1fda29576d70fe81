import type { RequestHandler } from 'express';
import {
  apiErrorBody,
  AuditAction,
  AuditResource,
  ErrorCode,
  HttpErrorKind,
  VPN_CERTIFICATE_CONTENT_TYPE,
  ValidationKey,
  VpnCertificateRequestSchema,
  vpnCertificateFileName,
} from '@halo/shared';
import { EnvironmentCertificateAuthority, type CertificateIssuer } from '../../ca/certificateAuthority.js';
import { CertificateServiceUnavailable, CustomCertificateAuthority } from '../../ca/customCertificateAuthority.js';
import { prepareClientConfig } from '../../ca/openVpnClientConfig.js';
import { UnsafeConfigValue } from '../../ca/openVpnConfigSyntax.js';
import type { ProviderContext } from '../../context.js';
import { badRequest, HttpError, missingValues } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';
import { scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import type { OpenVpnProfileRow } from '../../store/dataPathTables.js';
import type { EnvironmentRow } from '../../store/schema.js';
import { profileView } from '../openvpn-profiles/profileRecords.js';
import { reachableProfile } from '../openvpn-profiles/profileRoutes.js';

function issuerFor(context: ProviderContext, environment: EnvironmentRow): CertificateIssuer {
  return environment.ca_server_address
    ? new CustomCertificateAuthority(environment.ca_server_address, context.config.caNetworks)
    : new EnvironmentCertificateAuthority(context.config.dataDir, context.secrets, environment.id, environment.name, context.now);
}

/**
 * The profile's part of the file, checked before any certificate is issued: a profile saved
 * before today's checks may lack its server (no `remote` line) or hold a value that cannot be
 * written safely; both are refused with error 1 naming the field, and nothing is issued.
 */
function clientConfigOf(context: ProviderContext, row: OpenVpnProfileRow) {
  const profile = profileView(row);
  if (!profile.server_config) {
    throw missingValues('The profile has no server address and port: its file could not connect', { server_config: ValidationKey.REQUIRED });
  }
  const staticUser = profile.advanced_config?.auth_user_pass;
  const credentials =
    staticUser?.type === 'static' && staticUser.username && row.auth_password_sealed
      ? { username: staticUser.username, password: context.secrets.open(row.auth_password_sealed) }
      : null;
  try {
    return prepareClientConfig({
      profile,
      tlsAuthKey: row.tls_auth_key_sealed ? context.secrets.open(row.tls_auth_key_sealed) : null,
      credentials,
    });
  } catch (error) {
    if (error instanceof UnsafeConfigValue) {
      throw missingValues('The profile holds a value that cannot be written into a configuration file; edit the profile', {
        [error.field]: ValidationKey.INVALID_CHARACTERS,
      });
    }
    throw error;
  }
}

/**
 * POST config/{env}/vpn_certificates: type 1 answers an OpenVPN client configuration with a
 * new client certificate signed by the environment's CA (its own, or its custom service).
 */
export function generateVpnCertificate(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const input = parseBody(VpnCertificateRequestSchema, request.body);
    const { target, user } = scoped(request);
    const row = await reachableProfile(context, request, input.profileId);
    if (row.is_private === 1) {
      throw badRequest(ErrorCode.PRIVATE_PROFILE_CERTIFICATE, 'Certificates cannot be generated for a private profile');
    }
    const writeFile = clientConfigOf(context, row);
    let certificate;
    try {
      certificate = await issuerFor(context, target).issueClientCertificate(input.certificateCN);
    } catch (error) {
      if (error instanceof CertificateServiceUnavailable) {
        console.error(`[provider] ${error.message}`);
        throw new HttpError(500, apiErrorBody(HttpErrorKind.VPN_GENERATE_FAILED, 'Certificate generation failed, verify service availability'));
      }
      throw error;
    }
    const file = writeFile(certificate);
    const now = context.now();
    await context.db
      .insertInto('issued_certificates')
      .values({
        environment_id: target.id,
        serial: certificate.serial,
        common_name: input.certificateCN,
        profile_id: row.id,
        issuer_user_id: user.id,
        issued_at: now,
      })
      .execute();
    await writeAudit(
      context.db,
      {
        environmentId: target.id,
        userId: user.id,
        username: user.username,
        resource: AuditResource.VPN_CERTIFICATE,
        action: AuditAction.CREATE,
        name: input.certificateCN,
        detail: `serial ${certificate.serial}, profile ${row.name}`,
      },
      now,
    );
    response
      .status(200)
      .type(VPN_CERTIFICATE_CONTENT_TYPE)
      .setHeader('Content-Disposition', `attachment; filename="${vpnCertificateFileName(input.certificateCN)}"`)
      .send(file);
  };
}
