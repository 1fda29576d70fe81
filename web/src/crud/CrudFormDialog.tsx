import {
  Button,
  Callout,
  Collapse,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { TestId, type Subject } from '@halo/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudTextKeys, validateValues, type CrudScreenDefinition, type FieldDefinition } from './crudDefinition';
import type { DialogMode } from './crudMachine';
import { formFieldOf, lastPartOf } from './problemField';
import { fieldErrorText, type FieldError, type FormError } from './resourceClient';

export interface CrudFormDialogProps<Row, Values> {
  readonly definition: CrudScreenDefinition<Row, Values>;
  readonly isOpen: boolean;
  readonly mode: DialogMode;
  readonly values: Values;
  readonly submitted: boolean;
  readonly saving: boolean;
  readonly formError: FormError | null;
  readonly onChange: (values: Values) => void;
  readonly onSave: () => void;
  readonly onCancel: () => void;
  /** Who is editing: a field may show only to some (the features an environment manager grants). */
  readonly subject?: Subject | null;
}

/**
 * The add/edit dialog of any CRUD screen. Fields come from the definition; the shared
 * section 5 rules show under a field once it was typed in (or after Save), and a refused
 * save shows the catalogue message plus the API's field problems.
 */
export function CrudFormDialog<Row, Values>(props: CrudFormDialogProps<Row, Values>) {
  const { definition, isOpen, mode, values, submitted, saving, formError, onChange, onSave, onCancel, subject } = props;
  const { t } = useTranslation();
  const resource = definition.resource.name;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(new Set());
  const [seenError, setSeenError] = useState<FormError | null>(null);
  // A field the user changed after a refusal no longer shows the server's verdict on it.
  const [changedSinceError, setChangedSinceError] = useState<ReadonlySet<string>>(new Set());
  const [wasOpen, setWasOpen] = useState(isOpen);

  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setTouched(new Set());
      setChangedSinceError(new Set());
      setOpenSections(new Set());
    }
  }
  if (seenError !== formError) {
    setSeenError(formError);
    setChangedSinceError(new Set());
  }

  const problems = useMemo(() => validateValues(definition, values, mode), [definition, values, mode]);
  const formRef = useRef<HTMLFormElement | null>(null);

  // After a refusal (the server's, or the form's own on Save) the first marked field comes into
  // view: in a long, scrolled dialog it may be far from the banner.
  useEffect(() => {
    if (!formError && !submitted) return;
    const marked = formRef.current?.querySelector('.crud-field-problem');
    marked?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [formError, submitted]);
  const texts = crudTextKeys(definition);

  // With `fieldOfPath`, an API problem at `hosts_settings.reorder` marks the field it maps to.
  const serverProblemOf = (name: string): FieldError | undefined => {
    const { fieldOfPath } = definition;
    if (!fieldOfPath || !formError?.paths) return undefined;
    return Object.entries(formError.paths).find(([path]) => formFieldOf(path, fieldOfPath) === name)?.[1];
  };

  const fieldProblem = (field: FieldDefinition<Values>): FieldError | undefined => {
    const server = changedSinceError.has(field.name)
      ? undefined
      : (formError?.fields[field.name] ?? serverProblemOf(field.name));
    const client = touched.has(field.name) || submitted ? problems[field.name] : undefined;
    return client ?? server;
  };

  const update = (field: FieldDefinition<Values>, next: Values) => {
    setTouched((current) => new Set(current).add(field.name));
    setChangedSinceError((current) => new Set(current).add(field.name));
    onChange(next);
  };

  const visibleFields = definition.fields.filter((field) => !field.hidden?.(values, mode, subject ?? null));
  // Problems the server named on a path no visible field shows are listed in the banner.
  const visibleNames: ReadonlySet<string> = new Set(visibleFields.map((field) => field.name));
  const unplacedProblems = Object.entries(formError?.paths ?? {}).filter(([path]) => {
    return !visibleNames.has(formFieldOf(path, definition.fieldOfPath));
  });
  const sections = [...new Set(visibleFields.map((field) => field.section).filter((name) => name !== undefined))];

  const renderField = (field: FieldDefinition<Values>) => {
    const problem = fieldProblem(field);
    const label = t(field.labelKey);
    const testId = TestId.crud.field(resource, field.name);
    const disabled = saving || (field.disabled?.(values, mode) ?? false);
    const intent = problem ? 'danger' : 'none';
    const value = values[field.name];
    const set = (next: unknown) => update(field, { ...values, [field.name]: next });
    const placeholderKey = field.placeholderKey?.(mode);
    const placeholder = placeholderKey ? t(placeholderKey) : undefined;
    const inputId = `${resource}-${field.name}`;

    let control;
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
        control = field.render?.({ values, mode, onChange: (next) => update(field, next), disabled, testId }) ?? null;
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
        key={field.name}
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
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => {
        if (!saving) onCancel();
      }}
      title={
        <span data-testid={TestId.crud.dialogTitle(resource)}>
          {t(mode === 'add' ? texts.addTitle : texts.editTitle)}
        </span>
      }
      style={{ width: definition.dialogWidth ?? 500 }}
    >
      <form
        ref={formRef}
        data-testid={TestId.crud.dialog(resource)}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <DialogBody>
          {formError && (
            <Callout intent="danger" icon="error" className="crud-form-error">
              <span data-testid={TestId.crud.formError(resource)}>
                {t(formError.messageKey, { message: formError.message })}
              </span>
              {formError.detail && (
                <div data-testid={TestId.crud.formErrorDetail(resource)}>
                  {t(formError.detail.key, formError.detail.params)}
                </div>
              )}
              {unplacedProblems.length > 0 && (
                <ul className="crud-form-error-list">
                  {unplacedProblems.map(([path, problem]) => (
                    <li key={path}>{fieldErrorText(t, problem, lastPartOf(path))}</li>
                  ))}
                </ul>
              )}
            </Callout>
          )}
          {visibleFields.filter((field) => field.section === undefined).map(renderField)}
          {sections.map((section) => {
            const open = openSections.has(section);
            return (
              <div key={section} className="crud-form-section">
                <Button
                  variant="minimal"
                  icon={open ? 'chevron-down' : 'chevron-right'}
                  text={t(texts.sections[section] ?? section)}
                  onClick={() =>
                    setOpenSections((current) => {
                      const next = new Set(current);
                      if (open) next.delete(section);
                      else next.add(section);
                      return next;
                    })
                  }
                  aria-expanded={open}
                  data-testid={TestId.crud.field(resource, `section-${section}`)}
                />
                <Collapse isOpen={open || sectionHasProblem(visibleFields, section, fieldProblem)}>
                  {visibleFields.filter((field) => field.section === section).map(renderField)}
                </Collapse>
              </div>
            );
          })}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={t('crud.actions.cancel')}
                disabled={saving}
                onClick={onCancel}
                data-testid={TestId.crud.cancel(resource)}
              />
              <Button
                type="submit"
                intent="primary"
                text={t('crud.actions.save')}
                loading={saving}
                data-testid={TestId.crud.save(resource)}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function sectionHasProblem<Values>(
  fields: readonly FieldDefinition<Values>[],
  section: string,
  problemOf: (field: FieldDefinition<Values>) => FieldError | undefined,
): boolean {
  return fields.some((field) => field.section === section && problemOf(field) !== undefined);
}
