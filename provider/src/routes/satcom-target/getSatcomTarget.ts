import { API } from '@halo/shared';
import { route } from '../../http/endpointRoute.js';
import { findSatcomTarget, satcomTargetView } from '../../satcom/satcomTargetView.js';

/** GET config/{env}/satcom_target: the URL, whether a key is stored, and the link's status; never the key. */
export const getSatcomTarget = route(API.satcom.target, (context) => async ({ auth }) => ({
  satcom_target: await satcomTargetView(context.db, auth.target.id, await findSatcomTarget(context.db, auth.target.id)),
}));
