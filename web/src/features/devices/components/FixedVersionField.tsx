import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { API, can, deviceModelOf, type VersionDefinition } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import type { CustomFieldProps } from '../../../crud';
import { api, useApiValue } from '../../../lib/api';
import { useSessionSubject } from '../../../lib/session';
import type { DeviceValues } from '../deviceForm';

/**
 * The upgrade policy's fixed version: one of the firmware version definitions made for the
 * device's model (Admin › Versions), or none. A version set before and no longer defined stays
 * chosen, marked so. Without admin view the definitions cannot be listed, so it is typed.
 */
export function FixedVersionField({ values, onChange, disabled, testId }: CustomFieldProps<DeviceValues>) {
  const { t } = useTranslation();
  const { subject, environmentId } = useSessionSubject();
  const mayList = can(subject, 'admin.view');
  const definitions = useApiValue<readonly VersionDefinition[]>(
    async (signal) =>
      mayList ? (await api.call(API.versions.list, { params: { environmentId } }, { signal })).version_definitions : [],
    `${environmentId}/${mayList}`,
  );
  const set = (fixed_version: string) => onChange({ ...values, fixed_version });
  if (!mayList || definitions.error !== null) {
    return (
      <InputGroup
        id="devices-fixed_version"
        value={values.fixed_version}
        disabled={disabled}
        onValueChange={set}
        dir="ltr"
        data-testid={testId}
      />
    );
  }
  const model = deviceModelOf(values.type);
  const versions = (definitions.value ?? [])
    .filter((definition) => definition.version_definition.device_model === model)
    .map((definition) => definition.version_definition.official_version);
  const current = values.fixed_version.trim();
  const options = [
    { value: '', label: t('devices.fixedVersion.none') },
    ...versions.map((version) => ({ value: version, label: version })),
    ...(current && !versions.includes(current)
      ? [{ value: current, label: t('devices.fixedVersion.undefined', { version: current }) }]
      : []),
  ];
  return (
    <HTMLSelect
      id="devices-fixed_version"
      fill
      value={current}
      disabled={disabled || definitions.loading}
      options={options}
      onChange={(event) => set(event.currentTarget.value)}
      data-testid={testId}
    />
  );
}
