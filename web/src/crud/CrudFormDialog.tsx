import { Button, Collapse, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { TestId, type Subject } from '@halo/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudTextKeys, type CrudScreenDefinition, type FieldDefinition } from './crudDefinition';
import type { DialogMode } from './crudMachine';
import { CrudFormErrorBanner } from './CrudFormErrorBanner';
import { CrudFormField } from './CrudFormField';
import type { FormError } from './resourceClient';
import { useCrudFormProblems } from './useCrudFormProblems';

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
 * The add/edit dialog of any CRUD screen. Fields come from the definition (`CrudFormField`);
 * which problem shows where is `useCrudFormProblems`'s: the shared section 5 rules under a
 * field once it was typed in (or after Save), a refused save's catalogue message in the banner
 * plus the API's field problems.
 */
export function CrudFormDialog<Row, Values>(props: CrudFormDialogProps<Row, Values>) {
  const { definition, isOpen, mode, values, submitted, saving, formError, onChange, onSave, onCancel, subject } = props;
  const { t } = useTranslation();
  const resource = definition.resource.name;
  const { visibleFields, problemOf, unplacedProblems, changed } = useCrudFormProblems({
    definition,
    isOpen,
    mode,
    values,
    submitted,
    formError,
    subject: subject ?? null,
  });
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(new Set());
  const [wasOpen, setWasOpen] = useState(isOpen);
  // A dialog opened again starts with its sections closed.
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOpenSections(new Set());
  }
  const formRef = useRef<HTMLFormElement | null>(null);

  // After a refusal (the server's, or the form's own on Save) the first marked field comes into
  // view: in a long, scrolled dialog it may be far from the banner.
  useEffect(() => {
    if (!formError && !submitted) return;
    const marked = formRef.current?.querySelector('.crud-field-problem');
    marked?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [formError, submitted]);
  const texts = crudTextKeys(definition);
  const sections = [...new Set(visibleFields.map((field) => field.section).filter((name) => name !== undefined))];

  const renderField = (field: FieldDefinition<Values>) => (
    <CrudFormField
      key={field.name}
      field={field}
      resource={resource}
      values={values}
      mode={mode}
      saving={saving}
      problem={problemOf(field)}
      onChange={(next) => {
        changed(field);
        onChange(next);
      }}
    />
  );

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
            <CrudFormErrorBanner resource={resource} formError={formError} unplacedProblems={unplacedProblems} />
          )}
          {visibleFields.filter((field) => field.section === undefined).map(renderField)}
          {sections.map((section) => {
            const open = openSections.has(section);
            const fields = visibleFields.filter((field) => field.section === section);
            return (
              <div key={section} className="crud-form-section">
                <Button
                  variant="minimal"
                  icon={open ? 'chevron-down' : 'chevron-right'}
                  text={t(texts.sections[section] ?? section)}
                  onClick={() =>
                    // From the state as it is when the click lands, not as this render saw it.
                    setOpenSections((current) => {
                      const next = new Set(current);
                      if (current.has(section)) next.delete(section);
                      else next.add(section);
                      return next;
                    })
                  }
                  aria-expanded={open}
                  data-testid={TestId.crud.field(resource, `section-${section}`)}
                />
                {/* A section with a problem opens by itself: the problem must be seen. */}
                <Collapse isOpen={open || fields.some((field) => problemOf(field) !== undefined)}>
                  {fields.map(renderField)}
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
