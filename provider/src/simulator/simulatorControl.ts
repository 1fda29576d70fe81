/**
 * What a running fleet simulator lets the API do (issue 28): set one of its devices' links up
 * or down, for demos and end-to-end tests. The provider's context holds one SimulatorControl;
 * the simulator attaches its driver when its fleet is loaded and detaches it when it stops, so
 * a provider without the simulator (HALO_SIM_DEVICES=0) answers every request "not found".
 * The provider's simulator runs in a thread of its own (simulatorThread.ts): its driver there
 * answers through a message, so the control always answers a promise.
 */
export interface SimulatorDriver {
  /**
   * Queues the link `key` of device `deviceId` up or down for the next tick. Answers until when
   * the simulator holds the device as told, or null when the device (activated) or the link is
   * not the simulator's.
   */
  setLink(deviceId: number, key: string, up: boolean, now: number): number | null | Promise<number | null>;
}

export interface SimulatorControl {
  attach(driver: SimulatorDriver): void;
  detach(driver: SimulatorDriver): void;
  setLink(deviceId: number, key: string, up: boolean, now: number): Promise<number | null>;
}

export function createSimulatorControl(): SimulatorControl {
  let driver: SimulatorDriver | null = null;
  return {
    attach(next) {
      driver = next;
    },
    detach(attached) {
      if (driver === attached) driver = null;
    },
    setLink(deviceId, key, up, now) {
      return Promise.resolve(driver ? driver.setLink(deviceId, key, up, now) : null);
    },
  };
}
