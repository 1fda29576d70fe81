import { HTMLSelect } from '@blueprintjs/core';
import { EndpointType, HUB_PRIORITIES, proposeHubPort, TestId, type HubPriority } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useDataPathLists } from '../dataPathContext';
import { HUB_FIELDS, type RuleValues } from '../ruleForm';
import { ENDPOINT_TYPE_LABEL_KEYS, HUB_LABEL_KEYS } from '../dataPathLabels';

export interface HubsPickerProps {
  readonly values: RuleValues;
  readonly disabled: boolean;
  readonly onChange: (values: RuleValues) => void;
}

/**
 * Hubs of a rule from the environment's server devices: a primary, then optionally a
 * secondary, then a tertiary, each with its endpoint type. Clearing one clears those after it.
 * Choosing one proposes its port: the one already there when the hub accepts it, else the
 * first of its control ports.
 */
export function HubsPicker({ values, disabled, onChange }: HubsPickerProps) {
  const { t } = useTranslation();
  const { devices } = useDataPathLists();
  const servers = devices.filter((device) => device.is_server);

  const choose = (priority: HubPriority, deviceId: number | null) => {
    const hubPorts = { ...values.hubPorts };
    const next: Record<string, unknown> = { ...values, [HUB_FIELDS[priority]]: deviceId, hubPorts };
    if (deviceId === null) {
      for (const cleared of HUB_PRIORITIES.slice(HUB_PRIORITIES.indexOf(priority))) {
        next[HUB_FIELDS[cleared]] = null;
        hubPorts[cleared] = null;
      }
    } else {
      const ports = servers.find((device) => device.id === deviceId)?.ports ?? null;
      hubPorts[priority] = proposeHubPort(ports, values.hubPorts[priority]);
    }
    onChange(next as unknown as RuleValues);
  };

  return (
    <div className="data-path-hubs">
      {HUB_PRIORITIES.map((priority, index) => {
        const current = values[HUB_FIELDS[priority]];
        const previous = index === 0 ? 0 : values[HUB_FIELDS[HUB_PRIORITIES[index - 1] ?? 'primary']];
        const takenElsewhere = HUB_PRIORITIES.filter((other) => other !== priority).map(
          (other) => values[HUB_FIELDS[other]],
        );
        return (
          <div key={priority} className="data-path-hub-row">
            <span className="data-path-hub-label bp6-text-muted">{t(HUB_LABEL_KEYS[priority])}</span>
            <HTMLSelect
              fill
              value={current === null ? '' : String(current)}
              disabled={disabled || previous === null}
              aria-label={t(HUB_LABEL_KEYS[priority])}
              options={[
                { value: '', label: t(index === 0 ? 'dataPath.rules.hubs.choose' : 'dataPath.rules.hubs.none') },
                ...servers
                  .filter((device) => !takenElsewhere.includes(device.id))
                  .map((device) => ({ value: String(device.id), label: device.name })),
              ]}
              onChange={(event) =>
                choose(priority, event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
              }
              data-testid={TestId.dataPath.hub(priority)}
            />
            <HTMLSelect
              fill
              value={values.hubEndpointTypes[priority]}
              disabled={disabled || current === null}
              aria-label={t('dataPath.rules.hubs.endpointType')}
              options={EndpointType.map((type) => ({ value: type, label: t(ENDPOINT_TYPE_LABEL_KEYS[type]) }))}
              onChange={(event) => {
                const type = EndpointType.find((candidate) => candidate === event.currentTarget.value) ?? 'custom';
                onChange({ ...values, hubEndpointTypes: { ...values.hubEndpointTypes, [priority]: type } });
              }}
              data-testid={TestId.dataPath.hubEndpointType(priority)}
            />
          </div>
        );
      })}
    </div>
  );
}
