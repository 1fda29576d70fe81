/**
 * Permission numbers of spec section 6 and the single authorisation question the whole
 * product asks: `can(subject, capability)`. A role's meaning lives here and nowhere else.
 */

export const Permission = {
  ENVIRONMENTS_VIEW: 20,
  ENVIRONMENTS_ADD: 21,
  ENVIRONMENTS_UPDATE: 22,
  ENVIRONMENTS_DELETE: 23,
  USERS_VIEW: 30,
  USERS_ADD: 31,
  USERS_UPDATE: 32,
  USERS_DELETE: 33,
  DEVICES_VIEW: 50,
  DEVICES_ADD: 51,
  DEVICES_UPDATE: 52,
  DEVICES_UPDATE_ALL: 53,
  DEVICES_DELETE: 54,
  DEVICES_DELETE_ALL: 55,
  APPLICATION_RULES_VIEW: 60,
  APPLICATION_RULES_ADD: 61,
  APPLICATION_RULES_UPDATE: 62,
  APPLICATION_RULES_DELETE: 63,
  LOGS_VIEW: 70,
  /**
   * Not in section 6's table (issue 27): acknowledging alarms, the logs area's update. Viewing
   * alarms is viewing logs (70).
   */
  ALARMS_ACKNOWLEDGE: 71,
  OPENVPN_PROFILE_VIEW: 100,
  OPENVPN_PROFILE_ADD: 101,
  OPENVPN_PROFILE_UPDATE: 102,
  OPENVPN_PROFILE_DELETE: 103,
  RF_RECORDINGS_VIEW: 110,
  RF_RECORDINGS_UPDATE_ALL: 111,
  MESSAGING_LOG_VIEW: 120,
  ADMIN_VIEW: 130,
  ADMIN_UPDATE_ALL: 131,
  ADMIN_DELETE_ALL: 132,
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly Permission[] = Object.freeze(
  [...new Set(Object.values(Permission))].sort((a, b) => a - b),
);

const PERMISSION_SET: ReadonlySet<number> = new Set(ALL_PERMISSIONS);

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'number' && PERMISSION_SET.has(value);
}

/** Feature ids of enabled_feature_ids. */
export const Feature = {
  HEATSIGHT_OWN_ENVIRONMENT: 1,
  HEATSIGHT_ALL_ENVIRONMENTS: 2,
} as const;
export type Feature = (typeof Feature)[keyof typeof Feature];

export const FEATURES: readonly Feature[] = Object.freeze([
  Feature.HEATSIGHT_OWN_ENVIRONMENT,
  Feature.HEATSIGHT_ALL_ENVIRONMENTS,
]);

/** How far an environment's HeatSight reaches: nowhere, its own devices, or its own and every descendant's. */
export type HeatSightReach = 'none' | 'own' | 'descendants';

export function heatSightReach(features: readonly number[] | undefined): HeatSightReach {
  if (!Array.isArray(features)) return 'none';
  if (features.includes(Feature.HEATSIGHT_ALL_ENVIRONMENTS)) return 'descendants';
  if (features.includes(Feature.HEATSIGHT_OWN_ENVIRONMENT)) return 'own';
  return 'none';
}

/** The enabled_feature_ids a reach is stored and sent as (feature 2 includes the own environment). */
export function featuresOfReach(reach: HeatSightReach): Feature[] {
  if (reach === 'descendants') return [Feature.HEATSIGHT_OWN_ENVIRONMENT, Feature.HEATSIGHT_ALL_ENVIRONMENTS];
  if (reach === 'own') return [Feature.HEATSIGHT_OWN_ENVIRONMENT];
  return [];
}

/** An environment never has a feature its parent lacks (spec 2, 6: features are granted from above). */
export function featuresWithin(parent: readonly number[], requested: readonly number[]): boolean {
  return requested.every((feature) => parent.includes(feature));
}

/** Known feature ids, each once, in order; anything else is dropped (a stored list read back, a hostile one). */
export function normaliseFeatures(features: unknown): Feature[] {
  if (!Array.isArray(features)) return [];
  return FEATURES.filter((feature) => features.includes(feature));
}

/** Permission areas, in the order the permission editor shows them. */
export const PERMISSION_AREAS = [
  {
    area: 'environments',
    view: Permission.ENVIRONMENTS_VIEW,
    add: Permission.ENVIRONMENTS_ADD,
    update: Permission.ENVIRONMENTS_UPDATE,
    delete: Permission.ENVIRONMENTS_DELETE,
  },
  {
    area: 'users',
    view: Permission.USERS_VIEW,
    add: Permission.USERS_ADD,
    update: Permission.USERS_UPDATE,
    delete: Permission.USERS_DELETE,
  },
  {
    area: 'devices',
    view: Permission.DEVICES_VIEW,
    add: Permission.DEVICES_ADD,
    update: Permission.DEVICES_UPDATE,
    delete: Permission.DEVICES_DELETE,
    updateAll: Permission.DEVICES_UPDATE_ALL,
    deleteAll: Permission.DEVICES_DELETE_ALL,
  },
  {
    area: 'applicationRules',
    view: Permission.APPLICATION_RULES_VIEW,
    add: Permission.APPLICATION_RULES_ADD,
    update: Permission.APPLICATION_RULES_UPDATE,
    delete: Permission.APPLICATION_RULES_DELETE,
  },
  {
    area: 'openVpnProfiles',
    view: Permission.OPENVPN_PROFILE_VIEW,
    add: Permission.OPENVPN_PROFILE_ADD,
    update: Permission.OPENVPN_PROFILE_UPDATE,
    delete: Permission.OPENVPN_PROFILE_DELETE,
  },
  { area: 'rfRecordings', view: Permission.RF_RECORDINGS_VIEW, updateAll: Permission.RF_RECORDINGS_UPDATE_ALL },
  {
    area: 'admin',
    view: Permission.ADMIN_VIEW,
    updateAll: Permission.ADMIN_UPDATE_ALL,
    deleteAll: Permission.ADMIN_DELETE_ALL,
  },
  { area: 'logs', view: Permission.LOGS_VIEW, update: Permission.ALARMS_ACKNOWLEDGE },
  { area: 'messagingLog', view: Permission.MESSAGING_LOG_VIEW },
] as const satisfies readonly {
  area: string;
  view: Permission;
  add?: Permission;
  update?: Permission;
  delete?: Permission;
  updateAll?: Permission;
  deleteAll?: Permission;
}[];
