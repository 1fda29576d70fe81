import type { RequestHandler } from 'express';
import {
  apiErrorBody,
  AuditAction,
  AuditResource,
  ErrorCode,
  HttpErrorKind,
  VPN_CERTIFICATE_CONTENT_TYPE,
  VpnCertificateRequestSchema,
  vpnCertificateFileName,
} from '@halo/shared';
import { EnvironmentCertificateAuthority, type CertificateIssuer } from '../../ca/certificateAuthority.js';
import { CertificateServiceUnavailable, CustomCertificateAuthority } from '../../ca/customCertificateAuthority.js';
import { openVpnClientConfig } from '../../ca/openVpnClientConfig.js';
import type { ProviderContext } from '../../context.js';
import { badRequest, HttpError } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';
import { scoped } from '../../http/tenancy.js';
import { writeAudit } from '../../store/audit.js';
import type { EnvironmentRow } from '../../store/schema.js';
import { profileView } from '../openvpn-profiles/profileRecords.js';
import { reachableProfile } from '../openvpn-profiles/profileRoutes.js';

function issuerFor(context: ProviderContext, environment: EnvironmentRow): CertificateIssuer {
  return environment.ca_server_address
    ? new CustomCertificateAuthority(environment.ca_server_address)
    : new EnvironmentCertificateAuthority(context.config.dataDir, context.secrets, environment.id, environment.name, context.now);
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
    const profile = profileView(row);
    const staticUser = profile.advanced_config?.auth_user_pass;
    const credentials =
      staticUser?.type === 'static' && staticUser.username && row.auth_password_sealed
        ? { username: staticUser.username, password: context.secrets.open(row.auth_password_sealed) }
        : null;
    const file = openVpnClientConfig({
      profile,
      certificate,
      tlsAuthKey: row.tls_auth_key_sealed ? context.secrets.open(row.tls_auth_key_sealed) : null,
      credentials,
    });
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
