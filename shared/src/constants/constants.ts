/** Business constants, limits, timings, colours and sizes of spec sections 4 and 9. */

export const PRODUCT_VERSION_SUFFIX = '12.6';

export const SESSION_IDLE_TIMEOUT_MS = 60 * 60 * 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 7;
export const OTP_PERIOD_SECONDS = 30;
/** Steps of tolerance either side of now when checking a one-time code. */
export const OTP_WINDOW_STEPS = 1;
/** Failed logins allowed, per account and source address, before that source is locked out. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** Wrong one-time codes allowed per user (verify, activate, deactivate together) before codes are refused. */
export const OTP_MAX_FAILURES = 5;
export const OTP_LOCK_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** How long the link confirming a new e-mail address stays valid (as a reset link does). */
export const EMAIL_CONFIRMATION_TTL_MS = PASSWORD_RESET_TOKEN_TTL_MS;

export const REDUNDANCY_PERCENTAGE_MIN = 0;
export const REDUNDANCY_PERCENTAGE_MAX = 1000;
export const REDUNDANCY_LEVEL_CUSTOM = 4;
export const MAX_HUBS_PER_RULE = 3;

export const CELLULAR_PORTS = [1, 2, 3, 4] as const;
export const ETHERNET_PORTS = [1, 2, 3] as const;
export const LINK_INTERFACE_KINDS = ['cellular', 'eth', 'wifi', 'vlan', 'vpn'] as const;
export type LinkInterfaceKind = (typeof LINK_INTERFACE_KINDS)[number];

export const DEVICE_PORT_DEFAULT_FROM = 1024;
export const DEVICE_PORT_DEFAULT_TO = 49151;
export const DEVICE_PORT_MIN = 1024;
export const DEVICE_PORT_MAX = 49151;
/**
 * The size of the port range a new server is proposed: each application rule through a hub
 * takes one of its control ports, so a hundred rules fit, and 1024-49151 still holds 481 such
 * servers (the whole range, once proposed, left the next server a few stray ports).
 */
export const DEVICE_PORT_PROPOSAL_SIZE = 100;
export const UPGRADE_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const UPGRADE_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Bounds of idle_timeout_in_minutes (the spec hides them; these are ours). */
export const UPGRADE_IDLE_TIMEOUT_MIN = 1;
export const UPGRADE_IDLE_TIMEOUT_MAX = 1440;
/** Bounds of the reorder value other than 0 (the spec hides them; these are ours). */
export const REORDER_MIN = 1;
export const REORDER_MAX = 1000;

export const DEFAULT_USER_SEVERITY = 3;
export const NAME_MAX_LENGTH = 64;
export const DESCRIPTION_MAX_LENGTH = 1024;
/** The largest JSON request body the API reads, in bytes (1 MB): a body of exactly this size is read. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const EMAIL_MAX_LENGTH = 254;

export const USAGE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const SECONDS_PER_HOUR = 3600;

export const DEFAULT_ENCRYPTION_TYPE = 3;
export const DEFAULT_COMPRESSION_TYPE = 3;
export const DEFAULT_LAYER_TYPE = 2;
export const DEFAULT_CERTIFICATION_TYPE = 1;
export const DEFAULT_REDUNDANCY_LEVEL = 0;
export const DEFAULT_REORDER = 0;

export const LOCALES = ['en-US', 'he-IL'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
export const FALLBACK_LOCALE: Locale = 'en-US';
export const RIGHT_TO_LEFT_LOCALES: readonly Locale[] = ['he-IL'];
export const LOCALE_STORAGE_KEY = 'lang';

export const SNACKBAR_TIMEOUT_MS = 6000;
export const SHELL_SNACKBAR_TIMEOUT_MS = 5000;
export const COPY_SNACKBAR_TIMEOUT_MS = 2000;
export const NOTIFICATION_TIMEOUT_MS = -1;
export const NOTIFICATION_DEFAULT_COLOR = 'error';

export const CLOCK_REFRESH_MS = 60_000;
export const CLOCK_TICK_MS = 1000;
export const BANNER_ROTATION_MS = 2000;
export const SERVER_CLOCK_FORMAT = 'D MMM, YYYY HH:mm:ss (UTC)';

export const THEME_COLORS = {
  primary: '#1976D2',
  secondary: '#FFC107',
  error: '#D32F2F',
  online: '#009688',
  offline: '#D32F2F',
} as const;

export const SEVERITY_COLORS = {
  normal: '#1E88E5',
  minor: '#FB8C00',
  major: '#F4511E',
  critical: '#B71C1C',
} as const;

export const LAYOUT_SIZES = {
  drawerWidth: 256,
  drawerRailWidth: 56,
  dialogWidths: { default: 500, small: 350, tiny: 290, wide: 800 },
  settingsNavWidth: 200,
  searchBoxWidth: 250,
  dropdownMaxHeight: 310,
  menuOpenDelayMs: 300,
  menuCloseDelayMs: 250,
  overlayZIndex: 2000,
} as const;

/** Width at or above which the drawer shows as a rail instead of hiding. */
export const WIDE_SCREEN_MIN_WIDTH = 1264;

/** True when value plus margin lies within 5 of total (spec section 9's helper). */
export function isWithinMarginOfTotal(value: number, margin: number, total: number): boolean {
  return Math.abs(total - (value + margin)) <= 5;
}

/** Seconds to hours for usage monitoring: rounded when at least 1, else one decimal. */
export function secondsToUsageHours(seconds: number): number {
  const hours = seconds / SECONDS_PER_HOUR;
  return hours >= 1 ? Math.round(hours) : Math.round(hours * 10) / 10;
}

export const REDUNDANCY_LEVEL_MIN = 0;
export const REDUNDANCY_LEVEL_MAX = 4;
export const USER_SEVERITY_MIN = 0;
export const USER_SEVERITY_MAX = 3;
/** Idle time-out of the session in minutes, as the session-expired page words it. */
export const SESSION_IDLE_TIMEOUT_MINUTES = 60;
/** Not-permitted page text key (section 2, page states). */
export const NOT_PERMITTED_MESSAGE_KEY = 'pages.notPermitted';
export const SERVER_CLOCK_TOOLTIP_KEY = 'serverClock';
/** Shown for an About component version that is missing. */
export const VERSION_NOT_AVAILABLE = 'N/A';

/** The rotating banner's messages: one per non-blank line. */
export function bannerMessages(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
