/**
 * Driving the embedded fleet simulator (issue 28), for demos and end-to-end tests: a link of a
 * simulated device is set up or down as if the device had reported it. The product's own call;
 * a provider without the simulator (a user's own, or the embedded one with HALO_SIM_DEVICES=0)
 * answers 404.
 */
import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { LinkKeySchema } from '../devices/deviceTimeline.js';
import { ErrorCode } from '../errors/errorCatalogue.js';

/** How long the simulator keeps a link as it was told before the device goes its own way again. */
export const SIMULATED_LINK_HOLD_MS = 10 * 60_000;

export const SimulatedLinkRequestSchema = z.strictObject({
  /** The link (deviceTimeline.ts's key): `cellular:0` is the device's first modem. */
  key: LinkKeySchema,
  up: z.boolean(),
});
export type SimulatedLinkRequest = z.infer<typeof SimulatedLinkRequestSchema>;

export const SimulatedLinkAnswerSchema = z.object({
  key: z.string(),
  up: z.boolean(),
  /** Until when (ISO 8601) the simulator leaves the device as told; it applies the change on its next tick. */
  held_until: z.string(),
});
export type SimulatedLinkAnswer = z.infer<typeof SimulatedLinkAnswerSchema>;

export const simulatorApi = {
  setLink: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/simulator/devices/{id}/links',
    summary:
      'Set a simulated device’s link up or down on the simulator’s next tick (state, history and system log as a real change makes), held for 10 minutes; environment managers only, 404 without the simulator',
    tag: 'Simulator',
    access: 'user',
    capability: 'simulator.control',
    body: SimulatedLinkRequestSchema,
    answer: SimulatedLinkAnswerSchema,
    errors: [ErrorCode.INVALID_ID],
  }),
} as const;
