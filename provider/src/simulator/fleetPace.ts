/**
 * How a simulated fleet behaves from tick to tick (issue 39, item 17). A real fleet runs with a
 * few percent of its devices down and occasional incidents; a test of the live path wants
 * changes of every kind, often. The storm and outage controls (simulatorControl.ts) stay for
 * both.
 */
export const FLEET_PACES = ['steady', 'churning'] as const;
export type FleetPace = (typeof FLEET_PACES)[number];

/** A pace's odds, given that a sampled device's roll fell in the band of that change. */
export interface FleetPaceRates {
  /** A connected device drops. */
  readonly drop: number;
  /** A disconnected device comes back: the band of rolls that bring it back (0.1: as often as one drops). */
  readonly returnBand: number;
  /** A main application online goes offline (offline always comes back in its band). */
  readonly appFails: number;
  /** A link up goes down (a link down always comes back in its band). */
  readonly linkFails: number;
  /** Temperatures drift back towards this (°C), or wander freely (null). */
  readonly temperatureRest: number | null;
}

export const FLEET_PACE_RATES: Readonly<Record<FleetPace, FleetPaceRates>> = {
  /**
   * The default: with 2 % of the fleet sampled a second, about 2 % of devices down, a few
   * percent of applications offline and links down, temperatures around 45 °C (below every
   * default threshold), and an outage now and then.
   */
  steady: { drop: 0.1, returnBand: 0.5, appFails: 0.05, linkFails: 0.25, temperatureRest: 45 },
  /** Every change as likely as its undoing: half the fleet down in time (the e2e specs and the benches). */
  churning: { drop: 1, returnBand: 0.1, appFails: 1, linkFails: 1, temperatureRest: null },
};
