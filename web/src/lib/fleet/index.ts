export { FleetFeed, type FleetFeedState, type FleetView } from './fleetFeed';
export { problemOf, summarizeFleet, type FleetCounts, type FleetProblem, type ProblemKind } from './fleetSummary';
