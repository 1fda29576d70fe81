import {
  apiPaths,
  WallDisplayIssuedSchema,
  WallDisplayListResponseSchema,
  type WallDisplay,
  type WallDisplayIssued,
} from '@halo/shared';
import { api } from '../../lib/api';

export type { WallDisplay, WallDisplayIssued as IssuedWallDisplay } from '@halo/shared';

export const wallDisplaysApi = {
  async list(environmentId: number, signal?: AbortSignal): Promise<readonly WallDisplay[]> {
    const answer = await api.get(apiPaths.wallDisplays.list(environmentId), {
      schema: WallDisplayListResponseSchema,
      signal,
    });
    return answer.wall_displays;
  },
  issue(environmentId: number, label: string): Promise<WallDisplayIssued> {
    return api.post(apiPaths.wallDisplays.list(environmentId), { label }, { schema: WallDisplayIssuedSchema });
  },
  async revoke(environmentId: number, id: number): Promise<void> {
    await api.request('DELETE', apiPaths.wallDisplays.item(environmentId, id));
  },
};
