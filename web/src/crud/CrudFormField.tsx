import { FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from './crudDefinition';
import type { DialogMode } from './crudMachine';
import { fieldErrorText, type FieldError } from './resourceClient';

export interface CrudFormFieldProps<Values> {
  readonly field: FieldDefinition<Values>;
  /** The resource's name, for test ids and input ids. */
  readonly resource: string;
  readonly values: Values;
  readonly mode: DialogMode;
  readonly saving: boolean;
  /** The problem shown under the field, if any (the form decides which: its own or the server's). */
  readonly problem: FieldError | undefined;
  /** The form's values with this field changed. */
  readonly onChange: (values: Values) => void;
}

/**
 * One field of a CRUD form: the control its kind calls for (text, password, email, number,
 * textarea, switch, select, or the definition's own), in a labelled group that shows the
 * field's problem or, without one, its helper text.
 */
export function CrudFormField<Values>({
  field,
  resource,
  values,
  mode,
  saving,
  problem,
  onChange,
}: CrudFormFieldProps<Values>) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  const testId = TestId.crud.field(resource, field.name);
  const disabled = saving || (field.disabled?.(values, mode) ?? false);
  const intent = problem ? 'danger' : 'none';
  const value = values[field.name];
  const set = (next: unknown) => onChange({ ...values, [field.name]: next });
  const placeholderKey = field.placeholderKey?.(mode);
  const placeholder = placeholderKey ? t(placeholderKey) : undefined;
  const inputId = `${resource}-${field.name}`;

  let control: ReactNode;
  switch (field.kind) {
    case 'switch':
      control = (
        <Switch
          id={inputId}
          checked={value === true}
          label={label}
          disabled={disabled}
          onChange={(event) => set(event.currentTarget.checked)}
          data-testid={testId}
        />
      );
      break;
    case 'textarea':
      control = (
        <TextArea
          id={inputId}
          fill
          value={typeof value === 'string' ? value : ''}
          intent={intent}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(event) => set(event.currentTarget.value)}
          data-testid={testId}
        />
      );
      break;
    case 'select':
      control = (
        <HTMLSelect
          id={inputId}
          fill
          value={String(value)}
          disabled={disabled}
          onChange={(event) => {
            const chosen = field.options?.find((option) => String(option.value) === event.currentTarget.value);
            set(chosen?.value ?? event.currentTarget.value);
          }}
          data-testid={testId}
          options={(field.options ?? []).map((option) => ({
            value: String(option.value),
            label: t(option.labelKey),
          }))}
        />
      );
      break;
    case 'custom':
      control = field.render?.({ values, mode, onChange, disabled, testId }) ?? null;
      break;
    default:
      control = (
        <InputGroup
          id={inputId}
          type={field.kind === 'number' ? 'number' : field.kind}
          value={value === null || value === undefined ? '' : String(value)}
          intent={intent}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
          onValueChange={(text) => set(field.kind === 'number' ? (text === '' ? null : Number(text)) : text)}
          data-testid={testId}
        />
      );
  }

  return (
    <FormGroup
      className={problem ? 'crud-field-problem' : undefined}
      label={field.kind === 'switch' ? undefined : label}
      labelFor={inputId}
      labelInfo={field.required?.(mode) ? '*' : undefined}
      intent={intent}
      helperText={
        problem ? (
          <span data-testid={TestId.crud.fieldError(resource, field.name)}>{fieldErrorText(t, problem, label)}</span>
        ) : field.helperKey ? (
          t(field.helperKey)
        ) : undefined
      }
    >
      {control}
    </FormGroup>
  );
}
