export * from './outboundAddress.js';
export * from './outboundFailure.js';
