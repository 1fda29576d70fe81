/**
 * Which devices a tick reads thresholds for: all of a fleet of at most `perTick` devices;
 * in a larger one the changed devices and the next `perTick` of the rest in turn, so every
 * device is read at least every ceil(fleet / perTick) ticks.
 */
export function createReadingRotation(perTick: number) {
  let cursor = 0;
  return <T>(fleet: readonly T[], changed: readonly T[]): readonly T[] => {
    if (fleet.length <= perTick) return fleet;
    const picked = new Set(changed);
    for (let offset = 0; offset < perTick; offset += 1) {
      const device = fleet[(cursor + offset) % fleet.length];
      if (device !== undefined) picked.add(device);
    }
    cursor = (cursor + perTick) % fleet.length;
    return [...picked];
  };
}
