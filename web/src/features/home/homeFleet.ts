import type { FleetCounts } from '@halo/shared';

/** A Home count tile: which count, its section 9 colour, and the Devices filter it opens. */
export interface CountTile {
  readonly key: keyof FleetCounts;
  readonly labelKey: string;
  readonly color: string | undefined;
  /** The Devices screen's status filter; null opens it unfiltered. */
  readonly filter: string | null;
}

export function countTiles(colors: { online: string; offline: string; muted: string }): {
  connection: readonly CountTile[];
  mainApp: readonly CountTile[];
} {
  return {
    connection: [
      { key: 'total', labelKey: 'home.fleet.total', color: undefined, filter: null },
      { key: 'connected', labelKey: 'home.fleet.connected', color: colors.online, filter: 'connected' },
      { key: 'notConnected', labelKey: 'home.fleet.notConnected', color: colors.offline, filter: 'notConnected' },
      { key: 'nonActivated', labelKey: 'home.fleet.nonActivated', color: colors.muted, filter: 'nonActivated' },
      { key: 'unknown', labelKey: 'home.fleet.unknown', color: colors.muted, filter: 'unknown' },
    ],
    mainApp: [
      { key: 'mainAppOnline', labelKey: 'home.fleet.mainAppOnline', color: colors.online, filter: 'mainAppOnline' },
      { key: 'mainAppOffline', labelKey: 'home.fleet.mainAppOffline', color: colors.offline, filter: 'mainAppOffline' },
    ],
  };
}
