import type { IncomingMessage } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import { sql } from 'kysely';
import { API_BASE, apiErrorBody, ErrorCode, JSON_BODY_MAX_BYTES } from '@halo/shared';
import type { ProviderContext } from './context.js';
import { errorHandler, notFoundHandler } from './http/errorHandler.js';
import { requestLogging } from '@halo/shared/logging';
import { registerRoutes, type Route } from './http/endpointRoute.js';
import { log } from './log.js';
import { createProviderMetrics } from './http/metrics.js';
import { checkResetToken } from './routes/auth/checkResetToken.js';
import { forgotPassword } from './routes/auth/forgotPassword.js';
import { getSession } from './routes/auth/getSession.js';
import { login } from './routes/auth/login.js';
import { logout } from './routes/auth/logout.js';
import { resetPassword } from './routes/auth/resetPassword.js';
import { verifyTwoFactor } from './routes/auth/verifyTwoFactor.js';
import { activateTwoFactor } from './routes/two-factor/activateTwoFactor.js';
import { deactivateTwoFactor } from './routes/two-factor/deactivateTwoFactor.js';
import { startTwoFactorSetup } from './routes/two-factor/startTwoFactorSetup.js';
import { getServerClock } from './routes/system/getServerClock.js';
import { getVersions } from './routes/system/getVersions.js';
import { createEnvironment } from './routes/environments/createEnvironment.js';
import { deactivateEnvironmentTwoFactor } from './routes/environments/deactivateEnvironmentTwoFactor.js';
import { deleteEnvironment } from './routes/environments/deleteEnvironment.js';
import { listEnvironments } from './routes/environments/listEnvironments.js';
import { updateEnvironment } from './routes/environments/updateEnvironment.js';
import { createUser } from './routes/users/createUser.js';
import { deactivateUserTwoFactor } from './routes/users/deactivateUserTwoFactor.js';
import { deleteUser } from './routes/users/deleteUser.js';
import { listUsers } from './routes/users/listUsers.js';
import { updateUser } from './routes/users/updateUser.js';
import { createGroup } from './routes/groups/createGroup.js';
import { deleteGroup } from './routes/groups/deleteGroup.js';
import { changeGroupDevices, listGroupDevices } from './routes/groups/groupDevices.js';
import { listGroups } from './routes/groups/listGroups.js';
import { updateGroup } from './routes/groups/updateGroup.js';
import { createDevice } from './routes/devices/createDevice.js';
import { deleteDevice } from './routes/devices/deleteDevice.js';
import { getDataLinksAvailability } from './routes/devices/getDataLinksAvailability.js';
import { getDataLinksInfo } from './routes/devices/getDataLinksInfo.js';
import { getDeviceLocations } from './routes/devices/getDeviceLocations.js';
import { getDevicesState } from './routes/devices/getDevicesState.js';
import { getDeviceStatus } from './routes/devices/getDeviceStatus.js';
import { importDevices } from './routes/devices/importDevices.js';
import { bulkDevices } from './routes/devices/bulkDevices.js';
import { listDevices } from './routes/devices/listDevices.js';
import { updateDevice } from './routes/devices/updateDevice.js';
import { downloadRfRecordings } from './routes/rf-recordings/downloadRfRecordings.js';
import { listRfRecordings } from './routes/rf-recordings/listRfRecordings.js';
import { listSatcomMessages } from './routes/logs/listSatcomMessages.js';
import { listSystemLogs } from './routes/logs/listSystemLogs.js';
import { acknowledgeAlarms } from './routes/alarms/acknowledgeAlarms.js';
import { alarmChanges } from './routes/alarms/alarmChanges.js';
import { alarmCounts } from './routes/alarms/alarmCounts.js';
import { exportAlarms } from './routes/alarms/exportAlarms.js';
import { listAlarms } from './routes/alarms/listAlarms.js';
import { createSilences } from './routes/alarm-silences/createSilences.js';
import { endSilence } from './routes/alarm-silences/endSilence.js';
import { listSilences } from './routes/alarm-silences/listSilences.js';
import { createWebhook } from './routes/alarm-webhooks/createWebhook.js';
import { deleteWebhook } from './routes/alarm-webhooks/deleteWebhook.js';
import { listWebhooks } from './routes/alarm-webhooks/listWebhooks.js';
import { testWebhook } from './routes/alarm-webhooks/testWebhook.js';
import { getNotificationSettings, updateNotificationSettings } from './routes/notifications/notificationSettings.js';
import { updatePreferences } from './routes/preferences/updatePreferences.js';
import { changeEmail, confirmEmail } from './routes/notifications/emailChange.js';
import { exportSystemLogs } from './routes/logs/exportSystemLogs.js';
import { systemLogHistogram } from './routes/logs/systemLogHistogram.js';
import { exportSatcomMessages } from './routes/logs/exportSatcomMessages.js';
import { listUserAudits } from './routes/logs/listUserAudits.js';
import { exportUserAudits } from './routes/logs/exportUserAudits.js';
import { getDevicesConnectivity } from './routes/usage/getDevicesConnectivity.js';
import { getDevicesConnectivityDetail } from './routes/usage/getDevicesConnectivityDetail.js';
import { listThresholds } from './routes/thresholds/listThresholds.js';
import { getThresholdsMetadata } from './routes/thresholds/getThresholdsMetadata.js';
import { updateThreshold } from './routes/thresholds/updateThreshold.js';
import { getThresholdReadings } from './routes/thresholds/getThresholdReadings.js';
import { listVersionDefinitions } from './routes/version-definitions/listVersionDefinitions.js';
import { uploadVersionDefinition } from './routes/version-definitions/uploadVersionDefinition.js';
import { deleteVersionDefinition } from './routes/version-definitions/deleteVersionDefinition.js';
import { getSatcomTarget } from './routes/satcom-target/getSatcomTarget.js';
import { setSatcomTarget } from './routes/satcom-target/setSatcomTarget.js';
import { removeSatcomTarget } from './routes/satcom-target/removeSatcomTarget.js';
import { createRule } from './routes/application-rules/createRule.js';
import { deleteRule } from './routes/application-rules/deleteRule.js';
import { listRules } from './routes/application-rules/listRules.js';
import { updateRule } from './routes/application-rules/updateRule.js';
import { createProfile } from './routes/openvpn-profiles/createProfile.js';
import { deleteProfile } from './routes/openvpn-profiles/deleteProfile.js';
import { listProfiles } from './routes/openvpn-profiles/listProfiles.js';
import { updateProfile } from './routes/openvpn-profiles/updateProfile.js';
import { generateVpnCertificate } from './routes/vpn-certificates/generateVpnCertificate.js';
import { createWallDisplay } from './routes/wall-displays/createWallDisplay.js';
import { listWallDisplays } from './routes/wall-displays/listWallDisplays.js';
import { revokeWallDisplay } from './routes/wall-displays/revokeWallDisplay.js';
import { getHeatSightSamples } from './routes/heatsight/getHeatSightSamples.js';
import { getDeviceTimeline } from './routes/devices/getDeviceTimeline.js';
import { getAvailabilityReport } from './routes/devices/getAvailabilityReport.js';
import { exportAvailabilityReport } from './routes/devices/exportAvailabilityReport.js';
import { getFirmwareReport } from './routes/devices/getFirmwareReport.js';
import { exportFirmwareReport } from './routes/devices/exportFirmwareReport.js';
import { setSimulatedLink } from './routes/simulator/setSimulatedLink.js';
import { listSavedViews } from './routes/saved-views/listSavedViews.js';
import { createSavedView } from './routes/saved-views/createSavedView.js';
import { deleteSavedView } from './routes/saved-views/deleteSavedView.js';
import { renameSavedView } from './routes/saved-views/renameSavedView.js';

/**
 * Every handler of the provider, one per endpoint of the contract (shared `API`). Paths,
 * authentication, scope, permissions and parsing come from the declarations.
 */
export const PROVIDER_ROUTES: readonly Route[] = [
  login,
  logout,
  forgotPassword,
  resetPassword,
  checkResetToken,
  verifyTwoFactor,
  getSession,
  startTwoFactorSetup,
  activateTwoFactor,
  deactivateTwoFactor,
  getVersions,
  getServerClock,
  listEnvironments,
  createEnvironment,
  updateEnvironment,
  deleteEnvironment,
  deactivateEnvironmentTwoFactor,
  listUsers,
  createUser,
  updateUser,
  deleteUser,
  deactivateUserTwoFactor,
  listGroups,
  createGroup,
  updateGroup,
  deleteGroup,
  listGroupDevices,
  changeGroupDevices,
  listDevices,
  createDevice,
  updateDevice,
  deleteDevice,
  getDevicesState,
  getDeviceStatus,
  getDataLinksInfo,
  getDataLinksAvailability,
  getDeviceLocations,
  importDevices,
  bulkDevices,
  listRfRecordings,
  downloadRfRecordings,
  listSystemLogs,
  systemLogHistogram,
  exportSystemLogs,
  listSatcomMessages,
  exportSatcomMessages,
  listUserAudits,
  exportUserAudits,
  listAlarms,
  alarmCounts,
  alarmChanges,
  exportAlarms,
  acknowledgeAlarms,
  listSilences,
  createSilences,
  endSilence,
  listWebhooks,
  createWebhook,
  deleteWebhook,
  testWebhook,
  getNotificationSettings,
  updateNotificationSettings,
  updatePreferences,
  changeEmail,
  confirmEmail,
  getDevicesConnectivity,
  getDevicesConnectivityDetail,
  listThresholds,
  getThresholdsMetadata,
  updateThreshold,
  getThresholdReadings,
  listVersionDefinitions,
  uploadVersionDefinition,
  deleteVersionDefinition,
  getSatcomTarget,
  setSatcomTarget,
  removeSatcomTarget,
  listRules,
  createRule,
  updateRule,
  deleteRule,
  listProfiles,
  createProfile,
  updateProfile,
  deleteProfile,
  generateVpnCertificate,
  listWallDisplays,
  createWallDisplay,
  revokeWallDisplay,
  getHeatSightSamples,
  getDeviceTimeline,
  getAvailabilityReport,
  exportAvailabilityReport,
  getFirmwareReport,
  exportFirmwareReport,
  setSimulatedLink,
  listSavedViews,
  createSavedView,
  renameSavedView,
  deleteSavedView,
];

/** NUL cannot be stored in PostgreSQL text and has no business in any field: refuse the body. */
function refuseNulCharacters(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) throw new SyntaxError('NUL character in body');
  return value;
}

/** Bodies above this are refused with error 1 before any handler runs (a body of exactly this size is read). */
export const BODY_LIMIT = JSON_BODY_MAX_BYTES;

/** Multipart uploads are left to the one route that takes them; it reads them after authentication. */
const isMultipart = (request: IncomingMessage) => /^multipart\//i.test(request.headers['content-type'] ?? '');

function apiRouter(context: ProviderContext): Router {
  const router = Router();
  registerRoutes(router, context, PROVIDER_ROUTES);
  return router;
}

/**
 * A body is JSON only when it says so: JSON under text/plain or a form type (which a page
 * of another site can send without asking) is refused, not parsed. Multipart goes to the one
 * route that takes it.
 */
const jsonBodiesOnly: RequestHandler = (request, response, next) => {
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (!hasBody || isMultipart(request) || request.is(['application/json', 'application/*+json'])) {
    next();
    return;
  }
  response.status(415).json(apiErrorBody(ErrorCode.MISSING_VALUES, 'Content-Type must be application/json'));
};

const noStore: RequestHandler = (_request, response, next) => {
  response.setHeader('Cache-Control', 'no-store');
  next();
};

/** How long /readyz waits for the database before it says the provider is not ready. */
const READINESS_QUERY_MS = 2000;

/**
 * @param isStopping true once the process was asked to stop: /readyz says so, while in-flight
 *   requests finish.
 */
export function createProviderApp(context: ProviderContext, isStopping: () => boolean = () => false): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const metrics = createProviderMetrics();
  app.use(metrics.httpRequests);
  app.use(requestLogging(log));
  app.get('/metrics', metrics.serve);
  // Live: the process answers. Ready: it is not stopping and its database answers a query.
  app.get('/healthz', noStore, (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.get('/readyz', noStore, async (_request, response) => {
    if (isStopping()) {
      response.status(503).json({ status: 'stopping' });
      return;
    }
    try {
      await Promise.race([
        sql`select 1`.execute(context.db),
        new Promise((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), READINESS_QUERY_MS).unref()),
      ]);
      response.json({ status: 'ok' });
    } catch (error) {
      log.warn({ err: error }, 'readiness: the database did not answer');
      response.status(503).json({ status: 'database unavailable' });
    }
  });
  app.use(
    API_BASE,
    noStore,
    jsonBodiesOnly,
    express.json({
      limit: BODY_LIMIT,
      strict: false,
      type: ['application/json', 'application/*+json'],
      reviver: refuseNulCharacters,
    }),
  );
  app.use(API_BASE, apiRouter(context));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
