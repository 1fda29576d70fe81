import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  ThresholdListResponseSchema,
  ThresholdMetadataResponseSchema,
  ThresholdSchema,
  thresholdUpdateSchema,
} from './threshold.js';
import { thresholdMetadataOf } from './thresholdMetadata.js';

const tag = 'Thresholds';

export const ThresholdUpdateSchema = thresholdUpdateSchema(thresholdMetadataOf);

/** The readings of a threshold's attribute across the environment's devices, right now. */
export const ThresholdReadingsResponseSchema = z.object({
  device_attribute_type: z.number().int(),
  readings: z.array(z.number()),
});
export type ThresholdReadingsResponse = z.infer<typeof ThresholdReadingsResponseSchema>;

/**
 * Section 7, "Admin": thresholds, edit only. An environment's thresholds are set through the
 * environment above it (spec: "this call uses the parent environment id"), so a
 * sub-environment sees its own limits but the provider above it sets them; root sets its own.
 */
export const thresholdsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/thresholds',
    summary: 'The environment’s thresholds, one per attribute type',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'admin.view',
    answer: ThresholdListResponseSchema,
  }),
  metadata: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/thresholds_metadata',
    summary: 'Per attribute type: unit, bounds, which way is worse and which values apply',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'admin.view',
    answer: ThresholdMetadataResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/thresholds/{id}',
    summary:
      'Change a threshold of a sub-environment of {environmentId} (or of {environmentId} itself when it is the root); it applies from the next evaluation',
    tag,
    access: 'user',
    capability: 'thresholds.update',
    body: ThresholdUpdateSchema,
    answer: z.object({ threshold: ThresholdSchema }),
    errors: [ErrorCode.INVALID_ID],
  }),
  readings: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/thresholds/{id}/readings',
    summary: 'Current readings of the threshold’s attribute on the environment’s devices',
    tag,
    bound: 'streamed',
    access: 'user',
    capability: 'admin.view',
    answer: ThresholdReadingsResponseSchema,
    errors: [ErrorCode.INVALID_ID],
  }),
} as const;
