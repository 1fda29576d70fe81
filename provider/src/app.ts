import type { IncomingMessage } from 'node:http';
import express, { Router, type RequestHandler } from 'express';
import { API_BASE, apiErrorBody, apiPaths, ErrorCode } from '@halo/shared';
import { authenticate, requireUser } from './auth/sessions.js';
import type { ProviderContext } from './context.js';
import { errorHandler, notFoundHandler } from './http/errorHandler.js';
import { allow, environmentScope } from './http/tenancy.js';
import { createEnvironment } from './routes/environments/createEnvironment.js';
import { deactivateEnvironmentTwoFactor } from './routes/environments/deactivateEnvironmentTwoFactor.js';
import { deleteEnvironment } from './routes/environments/deleteEnvironment.js';
import { listEnvironments } from './routes/environments/listEnvironments.js';
import { updateEnvironment } from './routes/environments/updateEnvironment.js';
import { createDevice } from './routes/devices/createDevice.js';
import { deleteDevice } from './routes/devices/deleteDevice.js';
import { getDataLinksAvailability } from './routes/devices/getDataLinksAvailability.js';
import { getDataLinksInfo } from './routes/devices/getDataLinksInfo.js';
import { getDeviceLocations } from './routes/devices/getDeviceLocations.js';
import { getDevicesState } from './routes/devices/getDevicesState.js';
import { getDeviceStatus } from './routes/devices/getDeviceStatus.js';
import { importDevices } from './routes/devices/importDevices.js';
import { listDevices } from './routes/devices/listDevices.js';
import { updateDevice } from './routes/devices/updateDevice.js';
import { createGroup, deleteGroup, listGroups, updateGroup } from './routes/groups/groupRoutes.js';
import { listSatcomMessages } from './routes/logs/listSatcomMessages.js';
import { listSystemLogs } from './routes/logs/listSystemLogs.js';
import { downloadRfRecordings, listRfRecordings } from './routes/rf-recordings/rfRecordingRoutes.js';
import { createUser } from './routes/users/createUser.js';
import { deactivateUserTwoFactor } from './routes/users/deactivateUserTwoFactor.js';
import { deleteUser } from './routes/users/deleteUser.js';
import { listUsers } from './routes/users/listUsers.js';
import { updateUser } from './routes/users/updateUser.js';
import { getDevicesConnectivity } from './routes/usage/getDevicesConnectivity.js';
import { checkResetToken } from './routes/auth/checkResetToken.js';
import { forgotPassword } from './routes/auth/forgotPassword.js';
import { getSession } from './routes/auth/getSession.js';
import { login } from './routes/auth/login.js';
import { logout } from './routes/auth/logout.js';
import { resetPassword } from './routes/auth/resetPassword.js';
import { verifyTwoFactor } from './routes/auth/verifyTwoFactor.js';
import { getServerClock } from './routes/system/getServerClock.js';
import { getVersions } from './routes/system/getVersions.js';
import { activateTwoFactor } from './routes/two-factor/activateTwoFactor.js';
import { deactivateTwoFactor } from './routes/two-factor/deactivateTwoFactor.js';
import { startTwoFactorSetup } from './routes/two-factor/startTwoFactorSetup.js';
import { createRule, deleteRule, listRules, updateRule } from './routes/application-rules/ruleRoutes.js';
import { createProfile, deleteProfile, listProfiles, updateProfile } from './routes/openvpn-profiles/profileRoutes.js';
import { generateVpnCertificate } from './routes/vpn-certificates/generateVpnCertificate.js';
import { createWallDisplay, listWallDisplays, revokeWallDisplay } from './routes/wall-displays/wallDisplayRoutes.js';

/** NUL cannot be stored in PostgreSQL text and has no business in any field: refuse the body. */
function refuseNulCharacters(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.includes('\u0000')) throw new SyntaxError('NUL character in body');
  return value;
}

/** Bodies above this are refused with error 1 before any handler runs. */
export const BODY_LIMIT = '1mb';

/** Multipart uploads are left to the one route that takes them; it reads them after authentication. */
const isMultipart = (request: IncomingMessage) => /^multipart\//i.test(request.headers['content-type'] ?? '');

function apiRouter(context: ProviderContext): Router {
  const router = Router();
  const user = requireUser(context);
  // A session still waiting for its second factor may only verify, look at itself or leave.
  const pendingOrUser = authenticate(context, { touch: true, requireVerified: false });
  const backgroundCheck = authenticate(context, { touch: false, requireVerified: false });
  // Anyone may leave, a wall display included.
  const leaving = authenticate(context, { touch: true, requireVerified: false, readOnlyForDisplays: false });

  router.post(apiPaths.auth.login, login(context));
  router.post(apiPaths.auth.logout, leaving, logout(context));
  router.post(apiPaths.auth.forgot, forgotPassword(context));
  router.post(apiPaths.auth.reset, resetPassword(context));
  router.post('/auth/check_token/:token', checkResetToken(context));
  router.post(apiPaths.auth.verifyTwoFactor, pendingOrUser, verifyTwoFactor(context));
  router.get(apiPaths.auth.session, backgroundCheck, getSession(context));

  router.post(apiPaths.twoFactor.setup, user, startTwoFactorSetup(context));
  router.post(apiPaths.twoFactor.activate, user, activateTwoFactor(context));
  router.post(apiPaths.twoFactor.deactivate, user, deactivateTwoFactor(context));

  router.get(apiPaths.versions, user, getVersions(context));
  router.get(apiPaths.serverClock, getServerClock(context));

  router.use('/config/:environmentId', user, environmentScope(context), configRouter(context));
  return router;
}

/**
 * Calls under config/{environment_id}: the caller's own environment or one below it, and
 * only with the section 6 permission each call needs.
 */
function configRouter(context: ProviderContext): Router {
  const router = Router({ mergeParams: true });
  router.get('/environments', allow('environments.view'), listEnvironments(context));
  router.post('/environments', allow('environments.add'), createEnvironment(context));
  router.put('/environments/:id', allow('environments.update'), updateEnvironment(context));
  router.delete('/environments/:id', allow('environments.delete'), deleteEnvironment(context));
  router.post('/environments/:id/2fa/deactivate', deactivateEnvironmentTwoFactor(context));

  router.get('/users', allow('users.view'), listUsers(context));
  router.post('/users', allow('users.add'), createUser(context));
  router.put('/users/:id', allow('users.update'), updateUser(context));
  router.delete('/users/:id', allow('users.delete'), deleteUser(context));
  router.post('/users/:id/2fa/deactivate', deactivateUserTwoFactor(context));

  router.get('/groups', allow('groups.view'), listGroups(context));
  router.post('/groups', allow('groups.add'), createGroup(context));
  router.put('/groups/:id', allow('groups.update'), updateGroup(context));
  router.delete('/groups/:id', allow('groups.delete'), deleteGroup(context));

  // Fixed paths before /devices/:id.
  router.get('/devices/devices_state', allow('devices.view'), getDevicesState(context));
  router.get('/devices/device_status', allow('devices.view'), getDeviceStatus(context));
  router.get('/devices/data_links_info', allow('devices.view'), getDataLinksInfo(context));
  router.get('/devices/data_links_availability', allow('devices.view'), getDataLinksAvailability(context));
  router.get('/devices/locations', allow('devices.view'), getDeviceLocations(context));
  router.post('/devices/import', allow('devices.add'), importDevices(context));
  router.get('/devices', allow('devices.view'), listDevices(context));
  router.post('/devices', allow('devices.add'), createDevice(context));
  // Update and delete answer their own 403s (deviceUpdateForbidden, deviceDeleteForbidden).
  router.put('/devices/:id', updateDevice(context));
  router.delete('/devices/:id', deleteDevice(context));

  router.get('/rf_data_recordings', allow('rfRecordings.view'), listRfRecordings(context));
  router.post('/rf_data_recordings_download', allow('rfRecordings.download'), downloadRfRecordings(context));

  router.get('/system_logs', allow('logs.view'), listSystemLogs(context));
  router.get('/satcom_messages', allow('messagingLog.view'), listSatcomMessages(context));
  // Usage monitoring is an Admin menu item (section 6: admin items need ADMIN view).
  router.get('/devices_connectivity', allow('admin.view'), getDevicesConnectivity(context));

  router.get('/application_rules', allow('applicationRules.view'), listRules(context));
  router.post('/application_rules', allow('applicationRules.add'), createRule(context));
  router.put('/application_rules/:id', allow('applicationRules.update'), updateRule(context));
  router.delete('/application_rules/:id', allow('applicationRules.delete'), deleteRule(context));

  router.get('/apps/openvpn/profiles', allow('openVpnProfiles.view'), listProfiles(context));
  router.post('/apps/openvpn/profiles', allow('openVpnProfiles.add'), createProfile(context));
  router.put('/apps/openvpn/profiles/:id', allow('openVpnProfiles.update'), updateProfile(context));
  router.delete('/apps/openvpn/profiles/:id', allow('openVpnProfiles.delete'), deleteProfile(context));
  router.post('/vpn_certificates', allow('vpnCertificates.generate'), generateVpnCertificate(context));

  router.get('/wall_displays', allow('wallDisplays.manage'), listWallDisplays(context));
  router.post('/wall_displays', allow('wallDisplays.manage'), createWallDisplay(context));
  router.delete('/wall_displays/:id', allow('wallDisplays.manage'), revokeWallDisplay(context));
  return router;
}

/**
 * A body is JSON only when it says so: JSON under text/plain or a form type (which a page
 * of another site can send without asking) is refused, not parsed. Multipart goes to the one
 * route that takes it.
 */
const jsonBodiesOnly: RequestHandler = (request, response, next) => {
  const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
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

export function createProviderApp(context: ProviderContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  app.use(API_BASE, noStore, jsonBodiesOnly, express.json({ limit: BODY_LIMIT, strict: false, type: ['application/json', 'application/*+json'], reviver: refuseNulCharacters }));
  app.use(API_BASE, apiRouter(context));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
