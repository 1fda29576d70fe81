/**
 * How many items a collection that people create may hold, per environment: the cap that keeps
 * its list's answer bounded (the list declares bound `capped` with this `cap`, shown in OpenAPI
 * as `x-halo-cap`). A creation that would pass it is refused with error 180 before anything is
 * written (provider/src/store/collectionCaps.ts). Alarm webhooks (WEBHOOK_MAX_PER_ENVIRONMENT)
 * and saved views (SAVED_VIEWS_PER_USER_MAX) keep the limits and errors they had first.
 */
export const COLLECTION_CAPS = {
  users: 10_000,
  groups: 1_000,
  /** Wall displays not revoked. */
  wallDisplays: 100,
  openVpnProfiles: 1_000,
  applicationRules: 5_000,
  /** An environment's own definitions; its list adds its ancestors', as many per level. */
  versionDefinitions: 500,
  /** Silences that have not ended (planned or active): a call may add up to 1,000 at once. */
  silences: 5_000,
} as const;

export type CappedCollection = keyof typeof COLLECTION_CAPS;
