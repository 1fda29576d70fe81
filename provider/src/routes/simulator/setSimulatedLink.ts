import { API, AuditAction, AuditResource, auditDetail } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { auditChange, findReachable } from '../../http/reachable.js';
import { idNotFound } from '../../http/tenancy.js';

/**
 * POST config/{env}/simulator/devices/{id}/links (issue 28, environment managers): one link of
 * a simulated device set up or down on the simulator's next tick, as a real change would look
 * (state, history, system log), held so for SIMULATED_LINK_HOLD_MS. A device of another
 * environment, one the simulator does not drive (or has not activated), a link it does not
 * have, or a provider without the simulator: not found. Audited as an event of the device.
 */
export const setSimulatedLink = route(API.simulator.setLink, (context) => async ({ auth, params, body }) => {
  const device = await findReachable(context.db, 'devices', auth, params.id);
  const now = context.now();
  const heldUntil = device.simulated === 1 ? await context.simulator.setLink(device.id, body.key, body.up, now) : null;
  if (heldUntil === null) throw idNotFound();
  await auditChange(
    context.db,
    auth,
    {
      resource: AuditResource.DEVICE,
      action: AuditAction.EVENT,
      name: device.name,
      detail: auditDetail(body.up ? 'simulatedLinkUp' : 'simulatedLinkDown', { link: body.key }),
    },
    now,
  );
  return { key: body.key, up: body.up, held_until: new Date(heldUntil).toISOString() };
});
