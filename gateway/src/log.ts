import { createLogger } from '@halo/shared/logging';

/** The gateway's log (JSON lines; HALO_LOG_LEVEL). */
export const log = createLogger('gateway');
