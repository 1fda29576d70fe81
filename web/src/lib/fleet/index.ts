export {
  appFleet,
  appLogTail,
  appSummary,
  fleetOnChannel,
  logTailOnChannel,
  summaryOnChannel,
  type ChannelFleet,
  type ChannelLogTail,
  type ChannelSummary,
} from './channelFleet';
export { FLEET_DELTA_MEASURE, FleetFeed, type FleetBatch, type FleetView } from './fleetFeed';
export type { FleetFeedState } from './liveSubscription';
export { LogTailFeed } from './logTailFeed';
export { SummaryFeed } from './summaryFeed';
export { describeProblem } from './problemDescription';
export { connectionMachine, type ConnectionContext, type ConnectionEvent } from './connectionMachine';
