import { Button, InputGroup } from '@blueprintjs/core';
import { duplicateCustomKeys, isCustomKeyAllowed, TestId, type CustomField } from '@halo/shared';
import { useTranslation } from 'react-i18next';

export interface CustomFieldsEditorProps {
  readonly rows: readonly CustomField[];
  readonly disabled: boolean;
  readonly onChange: (rows: readonly CustomField[]) => void;
}

/**
 * Free OpenVPN directives as key/value rows: the form starts with one empty row; rows are
 * added or removed. Keys named twice (error 82) or not allowed (error 83) are pointed out
 * while typing; the provider has the last word on save.
 */
export function CustomFieldsEditor({ rows, disabled, onChange }: CustomFieldsEditorProps) {
  const { t } = useTranslation();
  const keys = rows.map((row) => row.key_name.trim()).filter((key) => key !== '');
  const duplicates = duplicateCustomKeys(keys.map((key_name) => ({ key_name })));
  const notAllowed = [...new Set(keys.filter((key) => !isCustomKeyAllowed(key)))];
  const set = (index: number, patch: Partial<CustomField>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <div className="data-path-custom-fields">
      {rows.map((row, index) => (
        <div key={index} className="data-path-custom-row">
          <InputGroup
            value={row.key_name}
            placeholder={t('dataPath.profiles.custom.key')}
            aria-label={t('dataPath.profiles.custom.key')}
            disabled={disabled}
            intent={
              duplicates.includes(row.key_name.trim()) || notAllowed.includes(row.key_name.trim()) ? 'warning' : 'none'
            }
            onValueChange={(key_name) => set(index, { key_name })}
            data-testid={TestId.dataPath.customFieldKey(index)}
          />
          <InputGroup
            value={row.key_value}
            placeholder={t('dataPath.profiles.custom.value')}
            aria-label={t('dataPath.profiles.custom.value')}
            disabled={disabled}
            onValueChange={(key_value) => set(index, { key_value })}
            data-testid={TestId.dataPath.customFieldValue(index)}
          />
          <Button
            variant="minimal"
            icon="trash"
            aria-label={t('dataPath.profiles.custom.remove')}
            title={t('dataPath.profiles.custom.remove')}
            disabled={disabled || rows.length === 1}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
            data-testid={TestId.dataPath.customFieldRemove(index)}
          />
        </div>
      ))}
      <Button
        icon="plus"
        variant="minimal"
        className="data-path-custom-add"
        text={t('dataPath.profiles.custom.add')}
        disabled={disabled}
        onClick={() => onChange([...rows, { key_name: '', key_value: '' }])}
        data-testid={TestId.dataPath.customFieldAdd}
      />
      {(duplicates.length > 0 || notAllowed.length > 0) && (
        <div className="bp6-text-muted data-path-custom-problem" data-testid={TestId.dataPath.customFieldsProblem}>
          {duplicates.length > 0 && (
            <div>{t('dataPath.profiles.custom.duplicate', { keys: duplicates.join(', ') })}</div>
          )}
          {notAllowed.length > 0 && (
            <div>{t('dataPath.profiles.custom.notAllowed', { keys: notAllowed.join(', ') })}</div>
          )}
        </div>
      )}
    </div>
  );
}
