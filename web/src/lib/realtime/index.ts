export { handleConnectErrors, LiveChannel, liveChannel, openLiveSocket } from './liveChannel';
export type { LiveSocket, LiveSocketFactory } from './liveChannel';
export { useNow, useObservableValue } from './useObservableValue';
