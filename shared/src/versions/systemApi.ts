import { defineEndpoint } from '../api/endpoint.js';
import { ServerClockResponseSchema } from '../server-clock/serverClock.js';
import { VersionsSchema } from './versions.js';

const tag = 'System';

/** Section 7, "Versions" and "Server clock". */
export const systemApi = {
  versions: defineEndpoint({
    method: 'GET',
    path: '/versions',
    summary: 'The product’s official version and its components’',
    tag,
    access: 'user',
    answer: VersionsSchema,
  }),
  serverClock: defineEndpoint({
    method: 'GET',
    path: '/server_clock',
    summary: 'The server’s time, which every timestamp the console shows follows',
    tag,
    access: 'public',
    answer: ServerClockResponseSchema,
  }),
} as const;
