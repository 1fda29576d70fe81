/**
 * Data-path application rules of spec section 3: hosts and up to three hubs, their
 * endpoints and redundancy settings, or a VPN profile instead of custom endpoints.
 */
import { z } from 'zod';
import { type FitsEntity, IdSchema, NameSchema, numberInput, PortSchema } from '../common.js';
import { DEFAULT_REDUNDANCY_LEVEL, DEFAULT_REORDER, MAX_HUBS_PER_RULE } from '../constants/constants.js';
import { EndpointType, PairingMode, RedundancyLevel, RuleProtocol, RuleTopology } from '../constants/enums.js';
import {
  ValidationKey,
  validIpv4,
  validRedundancyPercentage,
  validReorder,
  wholeNumberAtLeast,
  wholeNumberWithin,
} from '../validation/rules.js';
import { ruleCheck } from '../validation/zodRules.js';
import { hubPortOf, hubPortProblems, type HubDeviceLookup, type HubPortProblem } from './hubPorts.js';

export const HUB_PRIORITIES = ['primary', 'secondary', 'tertiary'] as const;
export type HubPriority = (typeof HUB_PRIORITIES)[number];

export const RedundancyLevelSchema = numberInput(ValidationKey.WHOLE_NUMBER_RANGE).superRefine(
  ruleCheck(wholeNumberWithin(RedundancyLevel.NONE, RedundancyLevel.CUSTOM), 'redundancy_level'),
);

/** hosts_settings and hubs_settings as stored and answered. */
export const RedundancySettingsSchema = z.object({
  redundancy_level: z.number().int(),
  /** Only with redundancy_level 4 (custom); e.g. 180 sends every packet at least twice. */
  redundancy_percentage: z.number().int().nullable().optional(),
  reorder: z.number().int(),
});
export type RedundancySettings = z.infer<typeof RedundancySettingsSchema>;

/**
 * Input form of the settings: level 0-4; a percentage 0-1000 is required with level 4 and
 * refused with any other level; reorder is 0 or within the reorder range.
 */
export const RedundancySettingsInputSchema = z
  .strictObject({
    redundancy_level: RedundancyLevelSchema.default(DEFAULT_REDUNDANCY_LEVEL),
    redundancy_percentage: numberInput()
      .superRefine(ruleCheck(validRedundancyPercentage, 'redundancy_percentage'))
      .nullable()
      .optional(),
    reorder: numberInput().superRefine(ruleCheck(validReorder, 'reorder')).default(DEFAULT_REORDER),
  })
  .superRefine((settings, context) => {
    const custom = settings.redundancy_level === RedundancyLevel.CUSTOM;
    const percentage = settings.redundancy_percentage ?? null;
    if (custom && percentage === null) {
      context.addIssue({
        code: 'custom',
        path: ['redundancy_percentage'],
        message: ValidationKey.REQUIRED,
        params: { params: ['redundancy_percentage'] },
      });
    }
    if (!custom && percentage !== null) {
      context.addIssue({
        code: 'custom',
        path: ['redundancy_percentage'],
        message: ValidationKey.INVALID,
        params: { params: ['redundancy_percentage'] },
      });
    }
  })
  .transform((settings) => ({ ...settings, redundancy_percentage: settings.redundancy_percentage ?? null }));
export type RedundancySettingsInput = z.input<typeof RedundancySettingsInputSchema>;

export const HostEndpointInfoSchema = z.object({ port: z.number().int() });
export type HostEndpointInfo = z.infer<typeof HostEndpointInfoSchema>;
export const HostEndpointInfoInputSchema = z.strictObject({ port: PortSchema });

export const HubEndpointInfoSchema = z.object({ destination_ip: z.string(), port: z.number().int() });
export type HubEndpointInfo = z.infer<typeof HubEndpointInfoSchema>;
export const HubEndpointInfoInputSchema = z.strictObject({
  destination_ip: z.string({ error: ValidationKey.REQUIRED }).superRefine(ruleCheck(validIpv4, 'destination_ip')),
  port: PortSchema,
});

/** A host as listed in responses, under its id. */
export const RuleHostSchema = z.object({
  device_id: IdSchema,
  name: z.string(),
  pairing_id: z.string().optional(),
});
export type RuleHost = z.infer<typeof RuleHostSchema>;

const HUB_PORT_DESCRIPTION =
  'Extension (not in the spec): the control port of this hub, within its control ports (the server’s port ' +
  'range). Hubs that name none use hub_endpoint_info.port. Two servers never share a port (error 52), so a rule ' +
  'with two hubs names a port for each. Answers give every hub of a rule with custom endpoints its port.';

/** One hub: its place (primary, secondary, tertiary), the device, its endpoint type and its port. */
export const RuleHubSchema = z.object({
  priority: z.enum(HUB_PRIORITIES),
  device_id: IdSchema,
  endpoint_type: z.enum(EndpointType).optional(),
  port: z.number().int().optional().meta({ description: HUB_PORT_DESCRIPTION, 'x-halo-extension': true }),
});
export type RuleHub = z.infer<typeof RuleHubSchema>;

export const ApplicationRuleSchema = z.object({
  id: IdSchema,
  name: z.string(),
  is_enabled: z.boolean(),
  /** Absent or null: 'No VPN/Custom' (custom endpoints). */
  profile_id: IdSchema.nullable().optional(),
  host_endpoint_info: HostEndpointInfoSchema.nullable().optional(),
  /** Keyed by host (device) id. */
  hosts_list: z.record(z.string().regex(/^\d+$/), RuleHostSchema),
  hosts_settings: RedundancySettingsSchema,
  /** Ordered primary, secondary, tertiary. */
  hubs_list: z.array(RuleHubSchema).max(MAX_HUBS_PER_RULE),
  hub_endpoint_info: HubEndpointInfoSchema.nullable().optional(),
  hubs_settings: RedundancySettingsSchema,
  topology: z.enum(RuleTopology).optional(),
  pairing_mode: z.enum(PairingMode).optional(),
  protocol: z.enum(RuleProtocol).optional(),
  /** Device total bandwidth limit in kbit/s; null is unlimited. */
  bandwidth_limit_kbps: z.number().int().min(0).nullable().optional(),
});
export type ApplicationRule = z.infer<typeof ApplicationRuleSchema>;

const RuleHubInputSchema = z.strictObject({
  priority: z.enum(HUB_PRIORITIES, { error: ValidationKey.INVALID }),
  device_id: IdSchema,
  endpoint_type: z.enum(EndpointType, { error: ValidationKey.INVALID }).optional(),
  port: PortSchema.optional().meta({ description: HUB_PORT_DESCRIPTION, 'x-halo-extension': true }),
});

/** Hubs: a primary, then optionally a secondary, then optionally a tertiary, each device once. */
export const HubsListInputSchema = z
  .array(RuleHubInputSchema, { error: ValidationKey.REQUIRED })
  .min(1, ValidationKey.REQUIRED)
  .max(MAX_HUBS_PER_RULE, ValidationKey.NOT_EXCEED)
  .superRefine((hubs, context) => {
    const inOrder = hubs.every((hub, index) => hub.priority === HUB_PRIORITIES[index]);
    const eachOnce = new Set(hubs.map((hub) => hub.device_id)).size === hubs.length;
    if (!inOrder || !eachOnce) {
      context.addIssue({ code: 'custom', message: ValidationKey.RULE_HUBS, params: { params: ['hubs_list'] } });
    }
  });

/** Hosts on submit: a list of device ids, each once. */
export const HostsListInputSchema = z
  .array(IdSchema, { error: ValidationKey.REQUIRED })
  .min(1, ValidationKey.REQUIRED)
  .max(10_000, ValidationKey.NOT_EXCEED)
  .transform((ids) => [...new Set(ids)]);

const APPLICATION_RULE_INPUT_SHAPE = {
  name: NameSchema,
  is_enabled: z.boolean().default(true),
  profile_id: IdSchema.nullable().optional(),
  host_endpoint_info: HostEndpointInfoInputSchema.nullable().optional(),
  hosts_list: HostsListInputSchema,
  hosts_settings: RedundancySettingsInputSchema.prefault({}),
  hubs_list: HubsListInputSchema,
  hub_endpoint_info: HubEndpointInfoInputSchema.nullable().optional(),
  hubs_settings: RedundancySettingsInputSchema.prefault({}),
  topology: z.enum(RuleTopology, { error: ValidationKey.INVALID }).optional(),
  pairing_mode: z.enum(PairingMode, { error: ValidationKey.INVALID }).optional(),
  protocol: z.enum(RuleProtocol, { error: ValidationKey.INVALID }).optional(),
  bandwidth_limit_kbps: numberInput(ValidationKey.WHOLE_NUMBER_AT_LEAST)
    .superRefine(ruleCheck(wholeNumberAtLeast(0), 'bandwidth_limit_kbps'))
    .nullable()
    .optional(),
};

/** Refuses each hub whose port lies outside its control ports, at `<prefix>.<index>.port`, naming the hub. */
function addHubPortIssues(context: z.RefinementCtx, problems: readonly HubPortProblem[], prefix: readonly string[]) {
  for (const problem of problems) {
    context.addIssue({
      code: 'custom',
      path: [...prefix, problem.index, 'port'],
      message: ValidationKey.HUB_CONTROL_PORTS,
      params: { params: ['port', problem.name, problem.ports.from, problem.ports.to] },
    });
  }
}

/**
 * The rule input, and with `hubOf` (the hubs' devices known) the hub control-port rule too:
 * a hub's own port is checked with the hubs (so the form shows it whatever else is missing),
 * a hub without one is checked with hub_endpoint_info's port once the rule is whole.
 */
function ruleInputSchema(hubOf?: HubDeviceLookup) {
  const hubsList = hubOf
    ? HubsListInputSchema.superRefine((hubs, context) => addHubPortIssues(context, hubPortProblems(hubs, hubOf), []))
    : HubsListInputSchema;
  return z
    .strictObject({ ...APPLICATION_RULE_INPUT_SHAPE, hubs_list: hubsList })
    .superRefine((rule, context) => {
      const usesProfile = rule.profile_id !== undefined && rule.profile_id !== null;
      if (!usesProfile) {
        for (const field of ['host_endpoint_info', 'hub_endpoint_info'] as const) {
          if (!rule[field]) {
            context.addIssue({
              code: 'custom',
              path: [field],
              message: ValidationKey.REQUIRED,
              params: { params: [field] },
            });
          }
        }
        if (hubOf) {
          const withoutOwn = rule.hubs_list.map((hub) =>
            hub.port === undefined ? { ...hub, port: rule.hub_endpoint_info?.port ?? null } : { ...hub, port: null },
          );
          addHubPortIssues(context, hubPortProblems(withoutOwn, hubOf), ['hubs_list']);
        }
      }
      const hubIds = new Set(rule.hubs_list.map((hub) => hub.device_id));
      if (rule.hosts_list.some((id) => hubIds.has(id))) {
        context.addIssue({
          code: 'custom',
          path: ['hosts_list'],
          message: ValidationKey.RULE_HOSTS,
          params: { params: ['hosts_list'] },
        });
      }
    })
    .transform((rule) => {
      const usesProfile = rule.profile_id !== undefined && rule.profile_id !== null;
      const hubEndpoint = usesProfile ? null : (rule.hub_endpoint_info ?? null);
      return {
        ...rule,
        profile_id: usesProfile ? rule.profile_id : null,
        host_endpoint_info: usesProfile ? null : (rule.host_endpoint_info ?? null),
        hubs_list: rule.hubs_list.map(({ port: own, ...hub }): z.output<typeof RuleHubInputSchema> => {
          const port = usesProfile ? null : hubPortOf({ port: own }, hubEndpoint);
          return port === null ? hub : { ...hub, port };
        }),
        hub_endpoint_info: hubEndpoint,
      };
    });
}

/**
 * POST and PUT /application_rules. Without a VPN profile both endpoint infos are required and
 * every hub leaves with its port (its own, else hub_endpoint_info's); with one the endpoint
 * infos and the hubs' ports are dropped and only profile_id is kept. A host may not also be a hub.
 */
export const ApplicationRuleInputSchema = ruleInputSchema();
export type ApplicationRuleInput = z.infer<typeof ApplicationRuleInputSchema>;

/**
 * The input schema with the hubs' devices known (the form has them): a hub's port outside its
 * control ports is refused at `hubs_list.<index>.port`, naming the hub and its range. The
 * provider applies the same rule (hubPortProblems) once it has read the devices.
 */
export function applicationRuleInputSchemaFor(hubOf: HubDeviceLookup) {
  return ruleInputSchema(hubOf);
}

export const ApplicationRuleCreateSchema = ApplicationRuleInputSchema;
export type ApplicationRuleCreate = ApplicationRuleInput;
export const ApplicationRuleUpdateSchema = ApplicationRuleInputSchema;
export type ApplicationRuleUpdate = ApplicationRuleInput;

export const ApplicationRuleListResponseSchema = z.object({ application_rules: z.array(ApplicationRuleSchema) });
export type ApplicationRuleListResponse = z.infer<typeof ApplicationRuleListResponseSchema>;

/** Form defaults of spec section 3: levels 0, reorder 0, enabled, no VPN profile. */
export const APPLICATION_RULE_FORM_DEFAULTS = Object.freeze({
  name: '',
  vpnProfileId: null,
  isEnabled: true,
  hostRedundancyLevel: DEFAULT_REDUNDANCY_LEVEL,
  hostRedundancyPercentage: null,
  hubRedundancyLevel: DEFAULT_REDUNDANCY_LEVEL,
  hubRedundancyPercentage: null,
  hostReorder: DEFAULT_REORDER,
  hubReorder: DEFAULT_REORDER,
  hostPort: null,
  hubPort: null,
  hubIP: '',
  primaryHub: null,
  secondaryHub: null,
  tertiaryHub: null,
  hosts: [],
  hubs: [],
} as const);

// hosts_list is the one field whose shape differs on submit (a list) and in responses (keyed by id).
type _ApplicationRuleInputFitsRule = FitsEntity<Omit<ApplicationRuleInput, 'hosts_list'>, ApplicationRule>;
