import { MainAppStatus, parseLinkKey, SIMULATED_LINK_HOLD_MS } from '@halo/shared';
import { connectDevice, linkChangeLog, setLinkOnline, type LogDraft } from './deviceChanges.js';
import type { SimulatedDevice } from './fleetPlan.js';

interface LinkRequest {
  readonly kind: keyof SimulatedDevice['links'];
  readonly index: number;
  readonly up: boolean;
}

/**
 * Links the simulator was told to set (simulatorControl.ts): each request waits for the next
 * tick, which applies it as a real change would look (the device's state, the log entry, and
 * so its history), and the device is then left alone by the random changes until the hold ends
 * (SIMULATED_LINK_HOLD_MS after the request) or another request comes.
 */
export function createLinkOverrides(holdMs = SIMULATED_LINK_HOLD_MS) {
  const pending = new Map<number, LinkRequest[]>();
  const heldUntil = new Map<number, number>();

  /** One request applied; answers whether the device changed. */
  function apply(device: SimulatedDevice, request: LinkRequest, now: number, logs: LogDraft[]): boolean {
    const link = device.links[request.kind][request.index];
    if (!link) return false;
    if (request.up && device.availability !== 1) {
      // A link coming up brings a disconnected device back, with that link alone up.
      connectDevice(
        device,
        MainAppStatus.ONLINE,
        (kind, index) => kind === request.kind && index === request.index,
        now,
        logs,
      );
      logs.push(linkChangeLog(device, request.kind, link));
    } else if (link.is_online !== request.up) {
      setLinkOnline(link, request.up, now);
      logs.push(linkChangeLog(device, request.kind, link));
    } else return false;
    device.lastSeenAt = now;
    return true;
  }

  return {
    /** Queues a request for `device`; answers until when it holds, or null for a link it does not have. */
    request(device: SimulatedDevice, key: string, up: boolean, now: number): number | null {
      const parsed = parseLinkKey(key);
      if (!parsed || !device.activated || !device.links[parsed.kind][parsed.index]) return null;
      const requests = pending.get(device.id) ?? [];
      requests.push({ kind: parsed.kind, index: parsed.index, up });
      pending.set(device.id, requests);
      heldUntil.set(device.id, now + holdMs);
      return now + holdMs;
    },
    /**
     * Applies the waiting requests to the devices `deviceOf` finds; `beforeChange` sees each as
     * it was. Answers the devices that changed and the log entries of their changes.
     */
    applyWaiting(
      deviceOf: (deviceId: number) => SimulatedDevice | undefined,
      now: number,
      beforeChange: (device: SimulatedDevice) => void,
    ): { changed: SimulatedDevice[]; logs: LogDraft[] } {
      const changed: SimulatedDevice[] = [];
      const logs: LogDraft[] = [];
      for (const [deviceId, requests] of pending) {
        const device = deviceOf(deviceId);
        if (!device) continue;
        beforeChange(device);
        let changedHere = false;
        for (const request of requests) changedHere = apply(device, request, now, logs) || changedHere;
        if (changedHere) changed.push(device);
      }
      pending.clear();
      return { changed, logs };
    },
    /** Whether the random changes leave the device alone now. */
    isHeld(deviceId: number, now: number): boolean {
      const until = heldUntil.get(deviceId);
      if (until === undefined) return false;
      if (now < until) return true;
      heldUntil.delete(deviceId);
      return false;
    },
    forget(deviceId: number): void {
      pending.delete(deviceId);
      heldUntil.delete(deviceId);
    },
  };
}
