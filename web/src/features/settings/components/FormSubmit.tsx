import { Button, Callout, type IconName, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';

export interface FormSubmitProps {
  /** What the last submission failed with (useSubmission's), or null. */
  readonly error: unknown;
  readonly errorTestId: string;
  readonly busy: boolean;
  readonly disabled: boolean;
  readonly text: string;
  readonly icon: IconName;
  readonly intent?: Intent;
  readonly testId: string;
}

/** The end of a Settings form: why its last submission failed, if it did, and its submit button. */
export function FormSubmit({ error, errorTestId, busy, disabled, text, icon, intent, testId }: FormSubmitProps) {
  const { t } = useTranslation();
  return (
    <>
      {error !== null && (
        <Callout intent="danger" icon="error" role="alert" data-testid={errorTestId}>
          {errorMessage(t, error)}
        </Callout>
      )}
      <Button
        type="submit"
        {...(intent ? { intent } : {})}
        icon={icon}
        loading={busy}
        disabled={disabled}
        text={text}
        data-testid={testId}
      />
    </>
  );
}
