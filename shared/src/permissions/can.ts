import { Feature, Permission } from './permissions.js';

/** What authorisation needs to know about whoever asks. */
export interface Subject {
  readonly environment_manager: boolean;
  readonly permissions: readonly number[];
  readonly enabled_feature_ids?: readonly number[];
  readonly realm_type?: number;
  /** Device ids the user may act on (session entities.devices). */
  readonly allowed_device_ids?: readonly number[];
  /** The user's own id, to recognise devices the user created. */
  readonly user_id?: number;
}

/**
 * Each capability and the permission numbers that open it (any one suffices).
 * A null-prototype object so hostile names such as `__proto__` never resolve.
 */
const CAPABILITY_PERMISSIONS = Object.freeze(
  Object.assign(Object.create(null) as Record<string, readonly Permission[]>, {
    'environments.view': [Permission.ENVIRONMENTS_VIEW],
    'environments.add': [Permission.ENVIRONMENTS_ADD],
    'environments.update': [Permission.ENVIRONMENTS_UPDATE],
    'environments.delete': [Permission.ENVIRONMENTS_DELETE],
    'users.view': [Permission.USERS_VIEW],
    'users.add': [Permission.USERS_ADD],
    'users.update': [Permission.USERS_UPDATE],
    'users.delete': [Permission.USERS_DELETE],
    // Groups have no numbers of their own in section 6; they follow the users area.
    'groups.view': [Permission.USERS_VIEW],
    'groups.add': [Permission.USERS_ADD],
    'groups.update': [Permission.USERS_UPDATE],
    'groups.delete': [Permission.USERS_DELETE],
    'devices.view': [Permission.DEVICES_VIEW],
    'devices.add': [Permission.DEVICES_ADD],
    'devices.update': [Permission.DEVICES_UPDATE, Permission.DEVICES_UPDATE_ALL],
    'devices.updateAll': [Permission.DEVICES_UPDATE_ALL],
    'devices.delete': [Permission.DEVICES_DELETE, Permission.DEVICES_DELETE_ALL],
    'devices.deleteAll': [Permission.DEVICES_DELETE_ALL],
    'applicationRules.view': [Permission.APPLICATION_RULES_VIEW],
    'applicationRules.add': [Permission.APPLICATION_RULES_ADD],
    'applicationRules.update': [Permission.APPLICATION_RULES_UPDATE],
    'applicationRules.delete': [Permission.APPLICATION_RULES_DELETE],
    'openVpnProfiles.view': [Permission.OPENVPN_PROFILE_VIEW],
    'openVpnProfiles.add': [Permission.OPENVPN_PROFILE_ADD],
    'openVpnProfiles.update': [Permission.OPENVPN_PROFILE_UPDATE],
    'openVpnProfiles.delete': [Permission.OPENVPN_PROFILE_DELETE],
    // Not in section 6's table: a certificate is a new credential (signed by the environment's
    // CA, with its private key and the profile's static password), so issuing one is a write
    // of the OpenVPN profiles area, the add permission (101). Viewing profiles (100) is not enough.
    'vpnCertificates.generate': [Permission.OPENVPN_PROFILE_ADD],
    'dataPath.view': [Permission.APPLICATION_RULES_VIEW, Permission.OPENVPN_PROFILE_VIEW],
    'rfRecordings.view': [Permission.RF_RECORDINGS_VIEW, Permission.RF_RECORDINGS_UPDATE_ALL],
    'rfRecordings.download': [Permission.RF_RECORDINGS_VIEW, Permission.RF_RECORDINGS_UPDATE_ALL],
    'admin.view': [Permission.ADMIN_VIEW],
    'admin.updateAll': [Permission.ADMIN_UPDATE_ALL],
    'admin.deleteAll': [Permission.ADMIN_DELETE_ALL],
    // Section 6: admin update-all adds firmware rows, delete-all deletes firmware; the other
    // admin writes (thresholds, the satcom target) are updates, so update-all opens them too.
    'thresholds.update': [Permission.ADMIN_UPDATE_ALL],
    'versions.add': [Permission.ADMIN_UPDATE_ALL],
    'versions.delete': [Permission.ADMIN_DELETE_ALL],
    'satcomTarget.update': [Permission.ADMIN_UPDATE_ALL],
    'logs.view': [Permission.LOGS_VIEW],
    'messagingLog.view': [Permission.MESSAGING_LOG_VIEW],
    // Alarms (issue 27) are raised from the system log's readings: whoever views the logs views
    // them; acknowledging is the logs area's update, 71.
    'alarms.view': [Permission.LOGS_VIEW],
    'alarms.acknowledge': [Permission.ALARMS_ACKNOWLEDGE],
  }),
);

export type Capability =
  | 'environments.view'
  | 'environments.add'
  | 'environments.update'
  | 'environments.delete'
  | 'users.view'
  | 'users.add'
  | 'users.update'
  | 'users.delete'
  | 'groups.view'
  | 'groups.add'
  | 'groups.update'
  | 'groups.delete'
  | 'devices.view'
  | 'devices.add'
  | 'devices.update'
  | 'devices.updateAll'
  | 'devices.delete'
  | 'devices.deleteAll'
  | 'applicationRules.view'
  | 'applicationRules.add'
  | 'applicationRules.update'
  | 'applicationRules.delete'
  | 'openVpnProfiles.view'
  | 'openVpnProfiles.add'
  | 'openVpnProfiles.update'
  | 'openVpnProfiles.delete'
  | 'vpnCertificates.generate'
  | 'dataPath.view'
  | 'rfRecordings.view'
  | 'rfRecordings.download'
  | 'admin.view'
  | 'admin.updateAll'
  | 'admin.deleteAll'
  | 'thresholds.update'
  | 'versions.add'
  | 'versions.delete'
  | 'satcomTarget.update'
  | 'logs.view'
  | 'messagingLog.view'
  | 'alarms.view'
  | 'alarms.acknowledge'
  | 'alarms.silence'
  | 'alarms.webhooks'
  | 'heatSight.view'
  | 'twoFactor.deactivateOthers'
  | 'wallDisplays.manage'
  | 'environments.grantFeatures'
  | 'simulator.control';

/** Capabilities no permission number opens: only the environment manager holds them. */
const MANAGER_ONLY_CAPABILITIES: ReadonlySet<string> = new Set([
  'twoFactor.deactivateOthers',
  'wallDisplays.manage',
  // Silencing alarms (planned maintenance) stops everyone's notifications: issue 27.
  'alarms.silence',
  // Alarm webhooks send the environment's alarms to an outside service, with a signing secret
  // the manager alone sees once: issue 27.
  'alarms.webhooks',
  // Features (HeatSight) of the environments below: spec 2, 6.
  'environments.grantFeatures',
  // Driving the embedded simulator's devices (demos, end-to-end tests): issue 28.
  'simulator.control',
]);

export const CAPABILITIES: readonly Capability[] = Object.freeze([
  ...(Object.keys(CAPABILITY_PERMISSIONS) as Capability[]),
  'heatSight.view',
  ...(MANAGER_ONLY_CAPABILITIES as ReadonlySet<Capability>),
]);

/** Realm type 2 (server, on-premises) has no HeatSight. */
export const REALM_TYPE_WITHOUT_HEATSIGHT = 2;

function isSubject(value: unknown): value is Subject {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Subject>;
  return typeof candidate.environment_manager === 'boolean' && Array.isArray(candidate.permissions);
}

/**
 * Membership by index, not by the list's own methods: a subject built from untrusted JSON
 * or with a tampered prototype must not be able to answer `some`/`includes` for itself.
 */
function contains(list: unknown, value: number): boolean {
  if (!Array.isArray(list)) return false;
  for (let index = 0; index < list.length; index += 1) {
    if (list[index] === value) return true;
  }
  return false;
}

function holds(subject: Subject, permission: number): boolean {
  return contains(subject.permissions, permission);
}

/**
 * Whether `subject` may do `capability`. Unknown capabilities, malformed subjects and
 * hostile inputs answer false; the environment manager holds every permission.
 */
export function can(subject: unknown, capability: unknown): boolean {
  if (!isSubject(subject) || typeof capability !== 'string') return false;
  if (capability === 'heatSight.view') {
    if (subject.realm_type === REALM_TYPE_WITHOUT_HEATSIGHT) return false;
    const features = subject.enabled_feature_ids;
    return (
      contains(features, Feature.HEATSIGHT_OWN_ENVIRONMENT) || contains(features, Feature.HEATSIGHT_ALL_ENVIRONMENTS)
    );
  }
  if (MANAGER_ONLY_CAPABILITIES.has(capability)) return subject.environment_manager === true;
  if (!Object.hasOwn(CAPABILITY_PERMISSIONS, capability)) return false;
  if (subject.environment_manager === true) return true;
  const needed = CAPABILITY_PERMISSIONS[capability] ?? [];
  return needed.some((permission) => holds(subject, permission));
}

export interface OwnedDevice {
  readonly id: number;
  readonly created_by?: number | null;
}

/**
 * Device-level update and delete (section 6): the all-variant reaches any device; the plain
 * permission reaches only devices the user created or holds in their allowed device list.
 */
export function canActOnDevice(subject: unknown, action: 'update' | 'delete', device: OwnedDevice): boolean {
  if (!isSubject(subject)) return false;
  if (action !== 'update' && action !== 'delete') return false;
  if (typeof device !== 'object' || device === null || !Number.isInteger(device.id)) return false;
  const allCapability: Capability = action === 'update' ? 'devices.updateAll' : 'devices.deleteAll';
  if (can(subject, allCapability)) return true;
  if (!can(subject, action === 'update' ? 'devices.update' : 'devices.delete')) return false;
  const createdByUser = Number.isInteger(subject.user_id) && device.created_by === subject.user_id;
  return createdByUser || contains(subject.allowed_device_ids, device.id);
}

/**
 * Whether what the subject does to one device's things (acknowledging its alarms) keeps to his
 * allowed devices, as his device writes do (section 6): plain update 52 or delete 54 reach the
 * devices he created or holds in his list, while the all-variants (53, 55) and the environment
 * manager reach every one. A user with no device write has no such list to keep to.
 */
export function isLimitedToAllowedDevices(subject: unknown): boolean {
  // A malformed subject is kept to the narrowest reach, never given the widest.
  if (!isSubject(subject)) return true;
  if (subject.environment_manager === true) return false;
  if (can(subject, 'devices.updateAll') || can(subject, 'devices.deleteAll')) return false;
  return can(subject, 'devices.update') || can(subject, 'devices.delete');
}

/**
 * Whether `subject` may grant `permission` to a user: nobody hands out what they do not hold,
 * so a non-manager grants only permissions they have themselves. The provider refuses the
 * rest and the permission editor disables them, both by this rule.
 */
export function canGrant(
  subject: Pick<Subject, 'environment_manager' | 'permissions'> | null | undefined,
  permission: number,
): boolean {
  if (!subject) return false;
  return subject.environment_manager || subject.permissions.includes(permission);
}
