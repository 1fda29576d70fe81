import { Button, InputGroup } from '@blueprintjs/core';
import { ALLOWED_CUSTOM_KEYS, TestId, type CustomField } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { customFieldNotes, customRule, customUsage, type CustomFieldNote } from '../customFieldNotes';

export interface CustomFieldsEditorProps {
  readonly rows: readonly CustomField[];
  readonly disabled: boolean;
  readonly onChange: (rows: readonly CustomField[]) => void;
}

/** The browser's suggestions for the key field: the allow-list, so a user need not guess. */
const ALLOWED_KEYS_LIST = 'data-path-allowed-custom-keys';

/** What a row's note says; OpenVPN's own words (keys, usage) sit in a left-to-right isolate. */
function NoteText({ note }: { readonly note: CustomFieldNote }) {
  const { t } = useTranslation();
  const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;
  switch (note.kind) {
    case 'notAllowed':
      return (
        <>
          {t('dataPath.profiles.custom.notAllowedKey')} {ltr(note.key)}
        </>
      );
    case 'duplicate':
      return (
        <>
          {t('dataPath.profiles.custom.duplicateKey')} {ltr(note.key)}
        </>
      );
    case 'conflict':
      return (
        <>
          {t('dataPath.profiles.custom.conflict')} {ltr(note.others.join(', '))}
        </>
      );
    case 'value': {
      const usage = customUsage(t, note.key);
      const rule = customRule(t, note.key);
      if (usage === null) return <>{t('dataPath.profiles.custom.takesNothing')}</>;
      return (
        <>
          {t('dataPath.profiles.custom.takes')} {ltr(usage)}
          {rule && <> ({rule})</>}
        </>
      );
    }
  }
}

/**
 * OpenVPN directives from the allow-list as key/value rows: the form starts with one empty
 * row; rows are added or removed. Each row says at once what the provider would refuse about
 * it (the same shared rules): a key off the list (83), named twice (82), a value its key does
 * not take, or keys OpenVPN refuses together; the key field suggests the allowed keys.
 */
export function CustomFieldsEditor({ rows, disabled, onChange }: CustomFieldsEditorProps) {
  const { t } = useTranslation();
  const notes = customFieldNotes(rows);
  const set = (index: number, patch: Partial<CustomField>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <div className="data-path-custom-fields">
      <datalist id={ALLOWED_KEYS_LIST}>
        {ALLOWED_CUSTOM_KEYS.map((key) => (
          <option key={key} value={key} />
        ))}
      </datalist>
      {rows.map((row, index) => {
        const note = notes[index] ?? null;
        const onValue = note?.kind === 'value';
        return (
          <div key={index} className="data-path-custom-row">
            <InputGroup
              value={row.key_name}
              placeholder={t('dataPath.profiles.custom.key')}
              aria-label={t('dataPath.profiles.custom.key')}
              aria-invalid={note !== null && !onValue}
              list={ALLOWED_KEYS_LIST}
              dir="ltr"
              disabled={disabled}
              intent={note !== null && !onValue ? 'danger' : 'none'}
              onValueChange={(key_name) => set(index, { key_name })}
              data-testid={TestId.dataPath.customFieldKey(index)}
            />
            <InputGroup
              value={row.key_value}
              placeholder={t('dataPath.profiles.custom.value')}
              aria-label={t('dataPath.profiles.custom.value')}
              aria-invalid={onValue}
              dir="ltr"
              disabled={disabled}
              intent={onValue ? 'danger' : 'none'}
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
            {note && (
              <div
                className="bp6-text-small data-path-custom-problem"
                role="alert"
                data-testid={TestId.dataPath.customFieldProblem(index)}
              >
                <NoteText note={note} />
              </div>
            )}
          </div>
        );
      })}
      <Button
        icon="plus"
        variant="minimal"
        className="data-path-custom-add"
        text={t('dataPath.profiles.custom.add')}
        disabled={disabled}
        onClick={() => onChange([...rows, { key_name: '', key_value: '' }])}
        data-testid={TestId.dataPath.customFieldAdd}
      />
    </div>
  );
}
