import { API } from './contract.js';
import { pathOf, type EndpointSpec } from './endpoint.js';

/** Where the API is mounted; every endpoint's path is relative to it. */
export const API_BASE = '/api/v1';

type Id = number | string;
const at = (endpoint: EndpointSpec) => pathOf(endpoint);
const inEnvironment = (endpoint: EndpointSpec) => (environmentId: Id) => pathOf(endpoint, { environmentId });
const itemIn = (endpoint: EndpointSpec) => (environmentId: Id, id: Id) => pathOf(endpoint, { environmentId, id });

/**
 * Concrete paths of the contract's endpoints (`API` in contract.ts), for callers that build a
 * URL themselves (the gateway's pollers, tests). Each one is the endpoint's own template filled
 * in: no path is spelled here.
 */
export const apiPaths = {
  auth: {
    login: at(API.auth.login),
    logout: at(API.auth.logout),
    forgot: at(API.auth.forgot),
    reset: at(API.auth.reset),
    checkToken: (token: string) => pathOf(API.auth.checkToken, { token }),
    verifyTwoFactor: at(API.auth.verifyTwoFactor),
    /** Session check used by the gateway; it does not count as user activity. */
    session: at(API.auth.session),
  },
  twoFactor: {
    setup: at(API.twoFactor.setup),
    activate: at(API.twoFactor.activate),
    deactivate: at(API.twoFactor.deactivate),
  },
  versions: at(API.system.versions),
  serverClock: at(API.system.serverClock),
  environments: {
    list: inEnvironment(API.environments.list),
    item: itemIn(API.environments.update),
    deactivateTwoFactor: itemIn(API.environments.deactivateTwoFactor),
  },
  users: {
    list: inEnvironment(API.users.list),
    item: itemIn(API.users.update),
    deactivateTwoFactor: itemIn(API.users.deactivateTwoFactor),
  },
  groups: {
    list: inEnvironment(API.groups.list),
    item: itemIn(API.groups.update),
  },
  devices: {
    list: inEnvironment(API.devices.list),
    item: itemIn(API.devices.update),
    dataLinksAvailability: inEnvironment(API.devices.dataLinksAvailability),
    dataLinksInfo: inEnvironment(API.devices.dataLinksInfo),
    deviceStatus: inEnvironment(API.devices.deviceStatus),
    devicesState: inEnvironment(API.devices.devicesState),
    locations: inEnvironment(API.devices.locations),
    import: inEnvironment(API.devices.import),
  },
  rfRecordings: {
    list: inEnvironment(API.rfRecordings.list),
    download: inEnvironment(API.rfRecordings.download),
  },
  applicationRules: {
    list: inEnvironment(API.applicationRules.list),
    item: itemIn(API.applicationRules.update),
  },
  vpn: {
    certificates: inEnvironment(API.vpn.generateCertificate),
    profiles: inEnvironment(API.vpn.profiles),
    profile: itemIn(API.vpn.updateProfile),
  },
  admin: {
    devicesConnectivity: inEnvironment(API.usage.devicesConnectivity),
    satcomMessages: inEnvironment(API.logs.satcomMessages),
  },
  wallDisplays: {
    list: inEnvironment(API.wallDisplays.list),
    item: itemIn(API.wallDisplays.revoke),
  },
  logs: {
    systemLogs: inEnvironment(API.logs.systemLogs),
  },
  alarms: {
    list: inEnvironment(API.alarms.list),
    counts: inEnvironment(API.alarms.counts),
    changes: inEnvironment(API.alarms.changes),
  },
} as const;

/** The capabilities a live subscription needs: devices view, or logs view (logs and alarms). */
export type EnvironmentWatchCapability = 'devices.view' | 'logs.view';

/**
 * The cheapest call of a capability in an environment (devices_state naming no device; the
 * newest system log entry): how the gateway asks the provider whether a token may watch that
 * environment for a subscription, the provider scoping config/{env} to the caller's own
 * environment and those below it. One rule for both: the provider's tests call it as it is.
 */
export function environmentAccessProbe(capability: EnvironmentWatchCapability, environmentId: Id): string {
  return capability === 'devices.view'
    ? `${apiPaths.devices.devicesState(environmentId)}?state=1&devices=`
    : `${apiPaths.logs.systemLogs(environmentId)}?page_size=1`;
}

/** Web routes of spec section 2. */
export const ROUTES = {
  login: '/login',
  forgotPassword: '/forgot',
  resetPassword: '/reset/:userToken',
  /** The product's own (issue 39, item 1): the link confirming a manager's new e-mail address. */
  confirmEmail: '/confirm-email/:emailToken',
  otpVerification: '/otp-verification',
  sessionExpired: '/session-expired',
  home: '/',
  environments: '/config/environments',
  users: '/config/users',
  devices: '/config/devices',
  /** The product's own (issue 28): one device's page, in the environment the console shows. */
  device: '/config/devices/:id',
  dataPath: '/config/data-path',
  versionsManagement: '/admin/versions-management',
  thresholds: '/admin/thresholds',
  usageMonitoring: '/admin/usage-monitoring/:id?',
  satcomTarget: '/admin/satcom-target',
  auditLog: '/logs/audit-log',
  systemLog: '/logs/system-log',
  messagingLog: '/logs/messaging-log',
  /** The product's own (issue 27). */
  alarms: '/logs/alarms',
  /** The product's own (issue 39, item 2): the silences in force and to come, on a screen of their own. */
  silences: '/logs/alarms/silences',
  heatSight: '/services/heatsight',
  /** The product's own (issue 28): availability, time to recover and firmware in use. */
  reports: '/services/reports',
  wall: '/wall',
} as const;
export type RouteName = keyof typeof ROUTES;

/** The device page's path for one device (ROUTES.device filled in). */
export const devicePath = (id: number): string => ROUTES.device.replace(':id', String(id));

/** Paths the gateway answers with the web app (SPA fallback); anything else is a 404 page too. */
export const PUBLIC_ROUTE_NAMES: readonly RouteName[] = [
  'login',
  'forgotPassword',
  'resetPassword',
  'otpVerification',
  'sessionExpired',
];
