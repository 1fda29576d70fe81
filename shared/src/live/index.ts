export * from './events.js';
export * from './devicePatch.js';
export * from './feedSequence.js';
export * from './fleetReplica.js';
export * from './fleetSnapshotCodec.js';
export * from './fleetSummary.js';
export { ALERT_PROBLEM_WINDOW_MS, compareProblems, isProblemHealth, problemOf } from './fleetProblems.js';
export * from './fleetSummaryState.js';
