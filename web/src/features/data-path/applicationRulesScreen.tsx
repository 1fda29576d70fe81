import { HTMLSelect } from '@blueprintjs/core';
import {
  API,
  applicationRuleInputSchemaFor,
  EndpointType,
  PairingMode,
  RedundancyLevel,
  RuleProtocol,
  RuleTopology,
  type ApplicationRule,
  type Device,
} from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { defineCrudScreen, TranslatedTag, type CustomFieldProps, defineResource } from '../../crud';
import { HostsPicker } from './components/HostsPicker';
import { HubNames } from './components/HubNames';
import { HubPortsField } from './components/HubPortsField';
import { HubsPicker } from './components/HubsPicker';
import { ProfileName } from './components/ProfileName';
import { ProfileSelect } from './components/ProfileSelect';
import { RedundancyLevelField } from './components/RedundancyLevelField';
import { useDataPathLists } from './dataPathContext';
import { hubLookupOf } from './hubDevices';
import { emptyRuleValues, ruleFieldOfPath, rulePayload, ruleToValues, type RuleValues } from './ruleForm';
import {
  ENDPOINT_TYPE_LABEL_KEYS,
  PAIRING_MODE_LABEL_KEYS,
  PROTOCOL_LABEL_KEYS,
  TOPOLOGY_LABEL_KEYS,
} from './dataPathLabels';

export const applicationRulesResource = defineResource({
  name: 'applicationRules',
  endpoints: {
    list: API.applicationRules.list,
    create: API.applicationRules.create,
    update: API.applicationRules.update,
    remove: API.applicationRules.remove,
  },
  rowsOf: (answer) => answer.application_rules,
});

/**
 * Host endpoint type: embedded OpenVPN is a rule with a VPN profile, custom one without.
 * Picking embedded takes the first profile; picking custom goes back to 'No VPN/Custom'.
 */
function HostEndpointTypeSelect({ values, onChange, disabled, testId }: CustomFieldProps<RuleValues>) {
  const { t } = useTranslation();
  const { profiles } = useDataPathLists();
  const firstProfile = profiles[0];
  return (
    <HTMLSelect
      id="applicationRules-hostEndpointType"
      fill
      value={values.vpnProfileId === null ? 'custom' : 'embedded_openvpn'}
      disabled={disabled}
      options={EndpointType.map((type) => ({
        value: type,
        label: t(ENDPOINT_TYPE_LABEL_KEYS[type]),
        disabled: type === 'embedded_openvpn' && !firstProfile,
      }))}
      onChange={(event) =>
        onChange({
          ...values,
          vpnProfileId:
            event.currentTarget.value === 'custom' ? null : (values.vpnProfileId ?? firstProfile?.id ?? null),
        })
      }
      data-testid={testId}
    />
  );
}

const usesProfile = (values: RuleValues) => values.vpnProfileId !== null;
const REDUNDANCY_FIELDS = {
  host: {
    levelField: 'hostRedundancyLevel',
    levelLabelKey: 'dataPath.rules.fields.hostRedundancyLevel',
    percentageField: 'hostRedundancyPercentage',
    percentageLabelKey: 'dataPath.rules.fields.hostRedundancyPercentage',
  },
  hub: {
    levelField: 'hubRedundancyLevel',
    levelLabelKey: 'dataPath.rules.fields.hubRedundancyLevel',
    percentageField: 'hubRedundancyPercentage',
    percentageLabelKey: 'dataPath.rules.fields.hubRedundancyPercentage',
  },
} as const;

function redundancyFields(side: 'host' | 'hub') {
  const { levelField, levelLabelKey, percentageField, percentageLabelKey } = REDUNDANCY_FIELDS[side];
  const section = side === 'host' ? 'hosts' : 'hubs';
  return [
    {
      name: levelField,
      kind: 'custom',
      labelKey: levelLabelKey,
      section,
      render: ({ values, onChange, disabled, testId }: CustomFieldProps<RuleValues>) => (
        <RedundancyLevelField
          side={side}
          level={values[levelField]}
          percentage={values[percentageField]}
          disabled={disabled}
          testId={testId}
          // The percentage belongs to the custom level only (section 5).
          onChange={(level) => onChange({ ...values, [levelField]: level, [percentageField]: null })}
        />
      ),
    },
    {
      name: percentageField,
      kind: 'number',
      labelKey: percentageLabelKey,
      helperKey: 'dataPath.rules.fields.percentageHelp',
      section,
      required: () => true,
      hidden: (values: RuleValues) => values[levelField] !== RedundancyLevel.CUSTOM,
    },
  ] as const;
}

/** What the page adds to the declaration: the servers hubs are chosen from. */
export interface ApplicationRulesScreenParts {
  readonly devices: readonly Device[];
}

/**
 * Application rules of the environment: hosts, hubs, endpoints, redundancy, or a VPN profile.
 * The form checks each hub's port against that hub's control ports (the devices known now).
 */
export function applicationRulesScreen(parts: ApplicationRulesScreenParts) {
  const hubsChecked = applicationRuleInputSchemaFor(hubLookupOf(parts.devices));
  return defineCrudScreen<ApplicationRule, RuleValues, typeof applicationRulesResource>({
    resource: applicationRulesResource,
    i18nPrefix: 'dataPath.rules',
    searchList: 'dataPath',
    capabilities: { add: 'applicationRules.add', update: 'applicationRules.update', delete: 'applicationRules.delete' },
    columns: [
      { key: 'name', labelKey: 'dataPath.rules.columns.name', value: (row) => row.name, sortable: true },
      {
        key: 'enabled',
        labelKey: 'dataPath.rules.columns.enabled',
        value: (row) => (row.is_enabled ? 1 : 0),
        render: (row) => (
          <TranslatedTag
            textKey={row.is_enabled ? 'dataPath.rules.enabled' : 'dataPath.rules.disabled'}
            intent={row.is_enabled ? 'success' : 'none'}
          />
        ),
        sortable: true,
      },
      {
        key: 'profile',
        labelKey: 'dataPath.rules.columns.profile',
        value: (row) => row.profile_id ?? null,
        render: (row) => <ProfileName profileId={row.profile_id} />,
      },
      {
        key: 'hosts',
        labelKey: 'dataPath.rules.columns.hosts',
        value: (row) =>
          Object.values(row.hosts_list)
            .map((host) => host.name)
            .join(', '),
      },
      {
        key: 'hubs',
        labelKey: 'dataPath.rules.columns.hubs',
        value: (row) => row.hubs_list.length,
        render: (row) => <HubNames hubs={row.hubs_list} />,
      },
      {
        key: 'protocol',
        labelKey: 'dataPath.rules.columns.protocol',
        value: (row) => row.protocol ?? null,
        render: (row) => (row.protocol ? <TranslatedTag textKey={PROTOCOL_LABEL_KEYS[row.protocol]} /> : '-'),
        sortable: true,
      },
    ],
    fields: [
      { name: 'name', kind: 'text', labelKey: 'dataPath.rules.fields.name', required: () => true },
      { name: 'isEnabled', kind: 'switch', labelKey: 'dataPath.rules.fields.isEnabled' },
      {
        name: 'vpnProfileId',
        kind: 'custom',
        labelKey: 'dataPath.rules.fields.vpnProfileId',
        render: ({ values, onChange, disabled, testId }) => (
          <ProfileSelect
            id="applicationRules-vpnProfileId"
            allowNone
            value={values.vpnProfileId}
            disabled={disabled}
            testId={testId}
            onChange={(vpnProfileId) => onChange({ ...values, vpnProfileId })}
          />
        ),
      },
      {
        // Not a field of its own on the wire: it follows from the profile choice.
        name: 'hostEndpointType' as keyof RuleValues,
        kind: 'custom',
        labelKey: 'dataPath.rules.fields.hostEndpointType',
        render: (props) => <HostEndpointTypeSelect {...props} />,
      },
      {
        name: 'topology',
        kind: 'select',
        labelKey: 'dataPath.rules.fields.topology',
        options: RuleTopology.map((value) => ({ value, labelKey: TOPOLOGY_LABEL_KEYS[value] })),
      },
      {
        name: 'pairingMode',
        kind: 'select',
        labelKey: 'dataPath.rules.fields.pairingMode',
        options: PairingMode.map((value) => ({ value, labelKey: PAIRING_MODE_LABEL_KEYS[value] })),
      },
      {
        name: 'protocol',
        kind: 'select',
        labelKey: 'dataPath.rules.fields.protocol',
        options: RuleProtocol.map((value) => ({ value, labelKey: PROTOCOL_LABEL_KEYS[value] })),
      },
      {
        name: 'bandwidthLimit',
        kind: 'number',
        labelKey: 'dataPath.rules.fields.bandwidthLimit',
        helperKey: 'dataPath.rules.fields.bandwidthLimitHelp',
      },
      {
        name: 'hosts',
        kind: 'custom',
        labelKey: 'dataPath.rules.fields.hosts',
        section: 'hosts',
        required: () => true,
        render: ({ values, onChange, disabled }) => (
          <HostsPicker value={values.hosts} disabled={disabled} onChange={(hosts) => onChange({ ...values, hosts })} />
        ),
      },
      {
        name: 'hostPort',
        kind: 'number',
        labelKey: 'dataPath.rules.fields.hostPort',
        section: 'hosts',
        required: () => true,
        hidden: usesProfile,
      },
      ...redundancyFields('host'),
      { name: 'hostReorder', kind: 'number', labelKey: 'dataPath.rules.fields.hostReorder', section: 'hosts' },
      {
        name: 'primaryHub',
        kind: 'custom',
        labelKey: 'dataPath.rules.fields.hubs',
        section: 'hubs',
        required: () => true,
        render: ({ values, onChange, disabled }) => (
          <HubsPicker values={values} disabled={disabled} onChange={onChange} />
        ),
      },
      {
        name: 'hubIP',
        kind: 'text',
        labelKey: 'dataPath.rules.fields.hubIP',
        section: 'hubs',
        required: () => true,
        hidden: usesProfile,
      },
      {
        name: 'hubPorts',
        kind: 'custom',
        labelKey: 'dataPath.rules.fields.hubPorts',
        section: 'hubs',
        required: () => true,
        hidden: usesProfile,
        render: ({ values, onChange, disabled }) => (
          <HubPortsField values={values} disabled={disabled} onChange={onChange} />
        ),
      },
      ...redundancyFields('hub'),
      { name: 'hubReorder', kind: 'number', labelKey: 'dataPath.rules.fields.hubReorder', section: 'hubs' },
    ],
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    searchText: (row) =>
      [
        row.name,
        ...Object.values(row.hosts_list).map((host) => host.name),
        row.hub_endpoint_info?.destination_ip ?? '',
      ].join(' '),
    emptyValues: emptyRuleValues,
    toValues: ruleToValues,
    toPayload: { add: rulePayload, edit: rulePayload },
    validationSchema: () => hubsChecked,
    fieldOfPath: ruleFieldOfPath,
    dialogWidth: 800,
  });
}
