import { z } from 'zod';
import { PRODUCT_VERSION_SUFFIX } from '../constants/constants.js';

export const VERSION_COMPONENTS = ['analyzer', 'auth', 'ca', 'config', 'monitoring', 'ui'] as const;
export type VersionComponent = (typeof VERSION_COMPONENTS)[number];

export const VersionsSchema = z.object({
  official: z.string(),
  internal: z.object({
    analyzer: z.string().optional(),
    auth: z.string().optional(),
    ca: z.string().optional(),
    config: z.string().optional(),
    monitoring: z.string().optional(),
  }),
});
export type Versions = z.infer<typeof VersionsSchema>;

/** The official product version string: {ip}-12.6. */
export function officialVersion(ip: string): string {
  return `${ip}-${PRODUCT_VERSION_SUFFIX}`;
}
