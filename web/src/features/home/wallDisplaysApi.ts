import { apiPaths } from '@halo/shared';
import { z } from 'zod';
import { api } from '../../lib/api';

/** A wall display as listed: never its token. */
export const WallDisplaySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type WallDisplay = z.infer<typeof WallDisplaySchema>;
export const WallDisplayListSchema = z.object({ wall_displays: z.array(WallDisplaySchema) });

/** What issuing answers, once: the token and the address to open on the display. */
export const IssuedWallDisplaySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  token: z.string(),
  url: z.string(),
});
export type IssuedWallDisplay = z.infer<typeof IssuedWallDisplaySchema>;

export const wallDisplaysApi = {
  async list(environmentId: number, signal?: AbortSignal): Promise<readonly WallDisplay[]> {
    const answer = await api.get(apiPaths.wallDisplays.list(environmentId), { schema: WallDisplayListSchema, signal });
    return answer.wall_displays;
  },
  issue(environmentId: number, label: string): Promise<IssuedWallDisplay> {
    return api.post(apiPaths.wallDisplays.list(environmentId), { label }, { schema: IssuedWallDisplaySchema });
  },
  async revoke(environmentId: number, id: number): Promise<void> {
    await api.request('DELETE', apiPaths.wallDisplays.item(environmentId, id));
  },
};
