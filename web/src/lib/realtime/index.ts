export { LiveChannel, liveChannel } from './liveChannel';
export { LiveConnection } from './liveConnection';
export type { LiveSocket, LiveSocketFactory } from './liveSocket';
export { useNow, useObservableValue } from './useObservableValue';
