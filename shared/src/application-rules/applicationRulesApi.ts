import { z } from 'zod';
import { COLLECTION_CAPS } from '../api/collectionCaps.js';
import { defineEndpoint } from '../api/endpoint.js';
import { OkResponseSchema } from '../auth/auth.js';
import { IdSchema } from '../common.js';
import { ErrorCode } from '../errors/errorCatalogue.js';
import {
  ApplicationRuleCreateSchema,
  ApplicationRuleListResponseSchema,
  ApplicationRuleSchema,
  ApplicationRuleUpdateSchema,
} from './applicationRule.js';

const tag = 'Application rules';

const RULE_WRITE_ERRORS = [
  ErrorCode.RULE_NAME_EXISTS,
  ErrorCode.RULE_PARAMETERS_EXIST,
  ErrorCode.HUB_CONTROL_PORTS_UPDATE,
  ErrorCode.HUB_CONTROL_PORTS_ADD,
] as const;

/** Section 7, "Application rules": the data path between hosts and hubs. */
export const applicationRulesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/config/{environmentId}/application_rules',
    summary: 'The environment’s application rules',
    tag,
    bound: 'capped',
    cap: COLLECTION_CAPS.applicationRules,
    access: 'user',
    capability: 'applicationRules.view',
    answer: ApplicationRuleListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/config/{environmentId}/application_rules',
    summary: 'Add an application rule',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'applicationRules.add',
    body: ApplicationRuleCreateSchema,
    answer: z.object({ id: IdSchema, application_rule: ApplicationRuleSchema }),
    status: 201,
    errors: [...RULE_WRITE_ERRORS, ErrorCode.COLLECTION_LIMIT_REACHED],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/config/{environmentId}/application_rules/{id}',
    summary: 'Change an application rule',
    tag,
    bound: 'single',
    access: 'user',
    capability: 'applicationRules.update',
    body: ApplicationRuleUpdateSchema,
    answer: z.object({ application_rule: ApplicationRuleSchema }),
    errors: RULE_WRITE_ERRORS,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/config/{environmentId}/application_rules/{id}',
    summary: 'Delete an application rule',
    tag,
    access: 'user',
    capability: 'applicationRules.delete',
    answer: OkResponseSchema,
  }),
} as const;
