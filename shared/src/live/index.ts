export * from './events.js';
export * from './devicePatch.js';
export * from './fleetReplica.js';
export * from './fleetSnapshotCodec.js';
export * from './fleetSummary.js';
