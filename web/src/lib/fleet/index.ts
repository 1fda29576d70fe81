export { appFleet, fleetOnChannel, type ChannelFleet } from './channelFleet';
export { FLEET_DELTA_MEASURE, FleetFeed, type FleetBatch, type FleetFeedState, type FleetView } from './fleetFeed';
export { problemOf, summarizeFleet, type FleetCounts, type FleetProblem, type ProblemKind } from './fleetSummary';
export { describeProblem } from './problemDescription';
export { connectionMachine, type ConnectionContext, type ConnectionEvent } from './connectionMachine';
export { newestFirst, RECENT_ALERTS, recentAlertsOf, withRecentAlerts } from './recentAlerts';
