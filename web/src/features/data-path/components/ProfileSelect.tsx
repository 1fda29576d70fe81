import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDataPathLists } from '../dataPathContext';

export interface ProfileSelectProps {
  readonly id?: string;
  readonly value: number | null;
  readonly disabled: boolean;
  readonly testId: string;
  /** Whether 'No VPN/Custom' is a choice (the rule form) or a profile must be picked (certificates). */
  readonly allowNone: boolean;
  readonly onChange: (profileId: number | null) => void;
}

/** The environment's VPN profiles to pick from. */
export function ProfileSelect({ id, value, disabled, testId, allowNone, onChange }: ProfileSelectProps) {
  const { t } = useTranslation();
  const { profiles } = useDataPathLists();
  const options = [
    ...(allowNone
      ? [{ value: '', label: t('dataPath.rules.noVpn') }]
      : [{ value: '', label: t('dataPath.certificate.chooseProfile') }]),
    ...profiles.map((profile) => ({ value: String(profile.id), label: profile.name })),
  ];
  return (
    <HTMLSelect
      id={id}
      fill
      value={value === null ? '' : String(value)}
      disabled={disabled}
      options={options}
      onChange={(event) => onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
      data-testid={testId}
    />
  );
}
