import {
  API,
  AuditAction,
  AuditResource,
  ErrorCode,
  HTTP_ERRORS,
  HttpErrorKind,
  outboundFailureCode,
  outboundFailureMessage,
  VPN_CERTIFICATE_CONTENT_TYPE,
  ValidationKey,
  vpnCertificateFileName,
  auditDetail,
} from '@halo/shared';
import { EnvironmentCertificateAuthority, type CertificateIssuer } from '../../ca/certificateAuthority.js';
import { CertificateServiceUnavailable, CustomCertificateAuthority } from '../../ca/customCertificateAuthority.js';
import { CustomKeysRefused, prepareClientConfig } from '../../ca/openVpnClientConfig.js';
import { UnsafeConfigValue } from '../../ca/openVpnConfigSyntax.js';
import type { ProviderContext } from '../../context.js';
import { route } from '../../http/endpointRoute.js';
import { refuse, refuseAs } from '../../errors/httpError.js';

import { writeAudit } from '../../store/audit.js';
import type { OpenVpnProfileRow } from '../../store/dataPathTables.js';
import type { EnvironmentRow } from '../../store/schema.js';
import { customKeysRefusal, profileView } from '../openvpn-profiles/profileRecords.js';
import { findReachable } from '../../http/reachable.js';
import { log } from '../../log.js';

function issuerFor(context: ProviderContext, environment: EnvironmentRow): CertificateIssuer {
  return environment.ca_server_address
    ? new CustomCertificateAuthority(environment.ca_server_address, context.config.caNetworks)
    : new EnvironmentCertificateAuthority(
        context.config.dataDir,
        context.secrets,
        environment.id,
        environment.name,
        context.now,
      );
}

/**
 * The profile's part of the file, checked before any certificate is issued: a profile saved
 * before today's checks may lack its server (no `remote` line), hold a custom key no longer
 * allowed or named twice (83, 82), or a value that cannot be written safely (error 1 naming
 * the field). Each is refused and nothing is issued.
 */
function clientConfigOf(context: ProviderContext, row: OpenVpnProfileRow) {
  const profile = profileView(row);
  if (!profile.server_config) {
    throw refuse(ErrorCode.MISSING_VALUES, { server_config: ValidationKey.REQUIRED });
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
    if (error instanceof CustomKeysRefused) {
      throw customKeysRefusal(error.reason, error.keys);
    }
    if (error instanceof UnsafeConfigValue) throw refuse(ErrorCode.MISSING_VALUES, { [error.field]: error.problem });
    throw error;
  }
}

/**
 * POST config/{env}/vpn_certificates: type 1 answers an OpenVPN client configuration with a
 * new client certificate signed by the environment's CA (its own, or its custom service).
 */
export const generateVpnCertificate = route(API.vpn.generateCertificate, (context) => async ({ auth, body: input }) => {
  const { target, user } = auth;
  const row = await findReachable(context.db, 'openvpn_profiles', auth, input.profileId);
  if (row.is_private === 1) {
    throw refuse(ErrorCode.PRIVATE_PROFILE_CERTIFICATE);
  }
  const writeFile = clientConfigOf(context, row);
  let certificate;
  try {
    certificate = await issuerFor(context, target).issueClientCertificate(input.certificateCN);
  } catch (error) {
    if (error instanceof CertificateServiceUnavailable) {
      // The detail (addresses, the socket's error) stays in the log; the caller reads a generic reason.
      const reason = outboundFailureCode(error.failure);
      log.error({ err: error, reason }, 'certificate service unavailable');
      throw refuseAs(
        HttpErrorKind.VPN_GENERATE_FAILED,
        `${HTTP_ERRORS[HttpErrorKind.VPN_GENERATE_FAILED].message}: ${outboundFailureMessage(error.failure)}`,
        { reason },
      );
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
      detail: auditDetail('certificateIssued', { serial: certificate.serial, profile: row.name }),
    },
    now,
  );
  return {
    fileName: vpnCertificateFileName(input.certificateCN),
    contentType: VPN_CERTIFICATE_CONTENT_TYPE,
    data: Buffer.from(file),
  };
});
