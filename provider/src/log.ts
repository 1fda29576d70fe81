import { createLogger } from '@halo/shared/logging';

/** The provider's log (JSON lines; HALO_LOG_LEVEL). */
export const log = createLogger('provider');
