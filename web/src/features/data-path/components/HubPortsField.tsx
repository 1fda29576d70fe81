import { InputGroup } from '@blueprintjs/core';
import { hubPortProblems, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useDataPathLists } from '../dataPathContext';
import { HUB_LABEL_KEYS } from '../dataPathLabels';
import { hubLookupOf } from '../hubDevices';
import { chosenHubs, type RuleValues } from '../ruleForm';

export interface HubPortsFieldProps {
  readonly values: RuleValues;
  readonly disabled: boolean;
  readonly onChange: (values: RuleValues) => void;
}

/**
 * A control port for each chosen hub, with the ports that hub accepts beside it: two hubs
 * never share a port, so each has its own. A port outside its hub's range is marked here;
 * the field's message (the shared rule, applicationRuleInputSchemaFor) names the hub.
 */
export function HubPortsField({ values, disabled, onChange }: HubPortsFieldProps) {
  const { t } = useTranslation();
  const { devices } = useDataPathLists();
  const hubOf = hubLookupOf(devices);
  const hubs = chosenHubs(values);
  if (hubs.length === 0) return <span className="bp6-text-muted">{t('dataPath.rules.hubs.chooseFirst')}</span>;
  const outside = new Set(
    hubPortProblems(
      hubs.map(({ priority, deviceId }) => ({ priority, device_id: deviceId, port: values.hubPorts[priority] })),
      hubOf,
    ).map((problem) => problem.priority),
  );

  return (
    <div className="data-path-hub-ports">
      {hubs.map(({ priority, deviceId }) => {
        const hub = hubOf(deviceId);
        const name = hub?.name ?? `#${deviceId}`;
        const port = values.hubPorts[priority];
        return (
          <div key={priority} className="data-path-hub-port-row">
            <span className="data-path-hub-label bp6-text-muted">{t(HUB_LABEL_KEYS[priority])}</span>
            <span className="data-path-hub-port-name">{name}</span>
            <InputGroup
              type="number"
              value={port === null ? '' : String(port)}
              intent={outside.has(priority) || port === null ? 'danger' : 'none'}
              disabled={disabled}
              aria-label={t('dataPath.rules.hubs.port', { hub: name })}
              onValueChange={(text) =>
                onChange({ ...values, hubPorts: { ...values.hubPorts, [priority]: text === '' ? null : Number(text) } })
              }
              data-testid={TestId.dataPath.hubPort(priority)}
            />
            <span
              className="data-path-hub-port-range bp6-text-muted"
              data-testid={TestId.dataPath.hubPortRange(priority)}
            >
              {hub?.ports
                ? t('dataPath.rules.hubs.accepts', { from: hub.ports.from, to: hub.ports.to })
                : t('dataPath.rules.hubs.anyPort')}
            </span>
          </div>
        );
      })}
    </div>
  );
}
