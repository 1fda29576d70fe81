import { ApiError, ErrorCode, TestId } from '@halo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupsScreen, type GroupValues } from '../features/groups/groupsScreen';
import { createI18n } from '../lib/i18n/i18n';
import { CrudFormDialog } from './CrudFormDialog';
import { formErrorOf, type FormError } from './resourceClient';

afterEach(cleanup);

interface Harness {
  readonly formError?: FormError | null;
  readonly saving?: boolean;
  readonly submitted?: boolean;
  readonly onSave?: () => void;
  readonly onCancel?: () => void;
}

/** The dialog as the CRUD screen drives it: the screen keeps the values. */
function Dialog({
  formError = null,
  saving = false,
  submitted = false,
  onSave = vi.fn(),
  onCancel = vi.fn(),
}: Harness) {
  const [values, setValues] = useState<GroupValues>({ name: 'north' });
  return (
    <CrudFormDialog
      definition={groupsScreen}
      isOpen
      mode="add"
      values={values}
      submitted={submitted}
      saving={saving}
      formError={formError}
      onChange={setValues}
      onSave={onSave}
      onCancel={onCancel}
    />
  );
}

const renderDialog = (harness: Harness = {}) =>
  render(
    <I18nextProvider i18n={createI18n('en-US')}>
      <Dialog {...harness} />
    </I18nextProvider>,
  );

const refusal = (code: ErrorCode, fields?: Record<string, unknown>) =>
  formErrorOf(new ApiError(400, { error: code, message: 'from the server', ...(fields ? { fields } : {}) }));

describe('CrudFormDialog', () => {
  it('says what the server refused and marks the field the error code is about, until it is changed', () => {
    renderDialog({ formError: refusal(ErrorCode.GROUP_NAME_EXISTS) });
    expect(screen.getByTestId(TestId.crud.formError('groups')).textContent).toContain(
      'Group with given name already exists',
    );
    expect(screen.getByTestId(TestId.crud.fieldError('groups', 'name'))).toBeTruthy();

    fireEvent.change(screen.getByTestId(TestId.crud.field('groups', 'name')), { target: { value: 'south' } });
    expect(screen.queryByTestId(TestId.crud.fieldError('groups', 'name'))).toBeNull();
  });

  it('explains a refusal with the values the answer carries (the hub and its allowed ports)', () => {
    const fields = { hub_name: 'hub-far', port: 7000, ports: { from: 20000, to: 20999 } };
    renderDialog({ formError: refusal(ErrorCode.HUB_CONTROL_PORTS_ADD, fields) });
    expect(screen.getByTestId(TestId.crud.formErrorDetail('groups')).textContent).toBe(
      'hub-far accepts control ports 20000-20999 only, not 7000.',
    );
  });

  it('marks a field the form itself refuses once saving was asked for', () => {
    const onSave = vi.fn();
    renderDialog({ onSave, submitted: true });
    fireEvent.change(screen.getByTestId(TestId.crud.field('groups', 'name')), { target: { value: '' } });
    expect(screen.getByTestId(TestId.crud.fieldError('groups', 'name'))).toBeTruthy();
  });

  it('saves and cancels through its buttons, and cannot save twice while saving', () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    const { unmount } = renderDialog({ onSave, onCancel });
    fireEvent.click(screen.getByTestId(TestId.crud.save('groups')));
    fireEvent.click(screen.getByTestId(TestId.crud.cancel('groups')));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
    unmount();

    const busySave = vi.fn();
    renderDialog({ onSave: busySave, saving: true });
    fireEvent.click(screen.getByTestId(TestId.crud.save('groups')));
    expect(busySave).not.toHaveBeenCalled();
  });
});
