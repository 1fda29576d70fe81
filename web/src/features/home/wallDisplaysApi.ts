import { API, type WallDisplay, type WallDisplayIssued } from '@halo/shared';
import { api } from '../../lib/api';

export type { WallDisplay, WallDisplayIssued as IssuedWallDisplay } from '@halo/shared';

export const wallDisplaysApi = {
  async list(environmentId: number, signal?: AbortSignal): Promise<readonly WallDisplay[]> {
    const answer = await api.call(API.wallDisplays.list, { params: { environmentId } }, { signal });
    return answer.wall_displays;
  },
  issue(environmentId: number, label: string): Promise<WallDisplayIssued> {
    return api.call(API.wallDisplays.create, { params: { environmentId }, body: { label } });
  },
  async revoke(environmentId: number, id: number): Promise<void> {
    await api.call(API.wallDisplays.revoke, { params: { environmentId, id } });
  },
};
