import { alarmsApi } from '../alarms/alarmsApi.js';
import { notificationsApi } from '../alarms/notifications.js';
import { preferencesApi } from '../users/preferences.js';
import { silencesApi } from '../alarms/silence.js';
import { webhooksApi } from '../alarms/webhook.js';
import { applicationRulesApi } from '../application-rules/applicationRulesApi.js';
import { authApi, twoFactorApi } from '../auth/authApi.js';
import { devicesApi } from '../devices/devicesApi.js';
import { environmentsApi } from '../environments/environmentsApi.js';
import { versionsApi } from '../firmware-versions/versionsApi.js';
import { groupsApi } from '../groups/groupsApi.js';
import { heatSightApi } from '../heatsight/heatSightApi.js';
import { logsApi } from '../logs/logsApi.js';
import { rfRecordingsApi } from '../rf-recordings/rfRecordingsApi.js';
import { satcomApi } from '../satcom/satcomApi.js';
import { savedViewsApi } from '../saved-views/savedView.js';
import { simulatorApi } from '../simulator/simulatorApi.js';
import { thresholdsApi } from '../thresholds/thresholdsApi.js';
import { usageApi } from '../usage/usageApi.js';
import { usersApi } from '../users/usersApi.js';
import { systemApi } from '../versions/systemApi.js';
import { vpnApi } from '../vpn/vpnApi.js';
import { wallDisplaysApi } from '../wall-displays/wallDisplaysApi.js';
import { routeKeyOf, type EndpointSpec } from './endpoint.js';

/**
 * Every call the product serves, by domain. Each declaration lives beside its domain; this is
 * only the index the provider registers routes from and the OpenAPI document is made of.
 */
export const API = {
  auth: authApi,
  twoFactor: twoFactorApi,
  system: systemApi,
  environments: environmentsApi,
  users: usersApi,
  groups: groupsApi,
  devices: devicesApi,
  rfRecordings: rfRecordingsApi,
  logs: logsApi,
  alarms: alarmsApi,
  notifications: notificationsApi,
  preferences: preferencesApi,
  silences: silencesApi,
  webhooks: webhooksApi,
  usage: usageApi,
  thresholds: thresholdsApi,
  versions: versionsApi,
  satcom: satcomApi,
  applicationRules: applicationRulesApi,
  vpn: vpnApi,
  wallDisplays: wallDisplaysApi,
  heatSight: heatSightApi,
  savedViews: savedViewsApi,
  simulator: simulatorApi,
} as const;

/** Every endpoint, once, in declaration order. */
export const ENDPOINTS: readonly EndpointSpec[] = Object.values(API).flatMap(
  (domain) => Object.values(domain) as EndpointSpec[],
);

/** The endpoint a route key (`GET /config/{environmentId}/users`) names, if any. */
const byRouteKey = new Map(ENDPOINTS.map((endpoint) => [routeKeyOf(endpoint), endpoint]));
export const endpointOf = (routeKey: string): EndpointSpec | undefined => byRouteKey.get(routeKey);
