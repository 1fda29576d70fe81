/**
 * API paths of spec section 7, relative to API_BASE. Config calls live under
 * config/{environment_id}; auth, 2FA, versions and the server clock do not.
 */
export const API_BASE = '/api/v1';

type Id = number | string;
const config = (environmentId: Id, rest: string) => `/config/${environmentId}${rest}`;

export const apiPaths = {
  auth: {
    login: '/auth/login',
    logout: '/auth/logout',
    forgot: '/auth/forgot',
    reset: '/auth/reset',
    checkToken: (token: string) => `/auth/check_token/${encodeURIComponent(token)}`,
    verifyTwoFactor: '/auth/2fa/verify',
    /** Session check used by the gateway; it does not count as user activity. */
    session: '/auth/session',
  },
  twoFactor: {
    setup: '/2fa',
    activate: '/2fa/activate',
    deactivate: '/2fa/deactivate',
  },
  versions: '/versions',
  serverClock: '/server_clock',
  environments: {
    list: (environmentId: Id) => config(environmentId, '/environments'),
    item: (environmentId: Id, id: Id) => config(environmentId, `/environments/${id}`),
    deactivateTwoFactor: (environmentId: Id, id: Id) => config(environmentId, `/environments/${id}/2fa/deactivate`),
  },
  users: {
    list: (environmentId: Id) => config(environmentId, '/users'),
    item: (environmentId: Id, id: Id) => config(environmentId, `/users/${id}`),
    deactivateTwoFactor: (environmentId: Id, id: Id) => config(environmentId, `/users/${id}/2fa/deactivate`),
  },
  groups: {
    list: (environmentId: Id) => config(environmentId, '/groups'),
    item: (environmentId: Id, id: Id) => config(environmentId, `/groups/${id}`),
  },
  devices: {
    list: (environmentId: Id) => config(environmentId, '/devices'),
    item: (environmentId: Id, id: Id) => config(environmentId, `/devices/${id}`),
    dataLinksAvailability: (environmentId: Id) => config(environmentId, '/devices/data_links_availability'),
    dataLinksInfo: (environmentId: Id) => config(environmentId, '/devices/data_links_info'),
    deviceStatus: (environmentId: Id) => config(environmentId, '/devices/device_status'),
    devicesState: (environmentId: Id) => config(environmentId, '/devices/devices_state'),
    locations: (environmentId: Id) => config(environmentId, '/devices/locations'),
    import: (environmentId: Id) => config(environmentId, '/devices/import'),
  },
  rfRecordings: {
    list: (environmentId: Id) => config(environmentId, '/rf_data_recordings'),
    download: (environmentId: Id) => config(environmentId, '/rf_data_recordings_download'),
  },
  applicationRules: {
    list: (environmentId: Id) => config(environmentId, '/application_rules'),
    item: (environmentId: Id, id: Id) => config(environmentId, `/application_rules/${id}`),
  },
  vpn: {
    certificates: (environmentId: Id) => config(environmentId, '/vpn_certificates'),
    profiles: (environmentId: Id) => config(environmentId, '/apps/openvpn/profiles'),
    profile: (environmentId: Id, id: Id) => config(environmentId, `/apps/openvpn/profiles/${id}`),
  },
  admin: {
    thresholds: (environmentId: Id) => config(environmentId, '/thresholds'),
    thresholdsMetadata: (environmentId: Id) => config(environmentId, '/thresholds_metadata'),
    /** PUT uses the parent environment id. */
    threshold: (parentEnvironmentId: Id, id: Id) => config(parentEnvironmentId, `/thresholds/${id}`),
    versionsDefinition: (environmentId: Id) => config(environmentId, '/admin/versions_definition'),
    versionDefinition: (environmentId: Id, id: Id) => config(environmentId, `/admin/versions_definition/${id}`),
    devicesConnectivity: (environmentId: Id) => config(environmentId, '/devices_connectivity'),
    satcomMessages: (environmentId: Id) => config(environmentId, '/satcom_messages'),
    satcomTarget: (environmentId: Id) => config(environmentId, '/satcom_target'),
  },
  /** Read-only sessions for unattended NOC wall displays, issued and revoked by a manager. */
  wallDisplays: {
    list: (environmentId: Id) => config(environmentId, '/wall_displays'),
    item: (environmentId: Id, id: Id) => config(environmentId, `/wall_displays/${id}`),
  },
  logs: {
    userAudits: (environmentId: Id) => config(environmentId, '/user_audits'),
    systemLogs: (environmentId: Id) => config(environmentId, '/system_logs'),
  },
} as const;

/** Web routes of spec section 2. */
export const ROUTES = {
  login: '/login',
  forgotPassword: '/forgot',
  resetPassword: '/reset/:userToken',
  otpVerification: '/otp-verification',
  sessionExpired: '/session-expired',
  home: '/',
  environments: '/config/environments',
  users: '/config/users',
  devices: '/config/devices',
  dataPath: '/config/data-path',
  versionsManagement: '/admin/versions-management',
  thresholds: '/admin/thresholds',
  usageMonitoring: '/admin/usage-monitoring/:id?',
  auditLog: '/logs/audit-log',
  systemLog: '/logs/system-log',
  messagingLog: '/logs/messaging-log',
  heatSight: '/services/heatsight',
  wall: '/wall',
} as const;
export type RouteName = keyof typeof ROUTES;

/** Paths the gateway answers with the web app (SPA fallback); anything else is a 404 page too. */
export const PUBLIC_ROUTE_NAMES: readonly RouteName[] = [
  'login',
  'forgotPassword',
  'resetPassword',
  'otpVerification',
  'sessionExpired',
];
