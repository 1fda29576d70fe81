import type { FleetCounts } from '../../lib/fleet';

/** A Home count tile: which count, its section 9 colour, and the Devices filter it opens. */
export interface CountTile {
  readonly key: keyof FleetCounts;
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
      { key: 'total', color: undefined, filter: null },
      { key: 'connected', color: colors.online, filter: 'connected' },
      { key: 'notConnected', color: colors.offline, filter: 'notConnected' },
      { key: 'nonActivated', color: colors.muted, filter: 'nonActivated' },
      { key: 'unknown', color: colors.muted, filter: 'unknown' },
    ],
    mainApp: [
      { key: 'mainAppOnline', color: colors.online, filter: 'mainAppOnline' },
      { key: 'mainAppOffline', color: colors.offline, filter: 'mainAppOffline' },
    ],
  };
}
