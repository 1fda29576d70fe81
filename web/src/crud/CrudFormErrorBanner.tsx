import { Callout } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { lastPartOf } from './problemField';
import { fieldErrorText, type FieldError, type FormError } from './resourceClient';

export interface CrudFormErrorBannerProps {
  readonly resource: string;
  readonly formError: FormError;
  /** The server's field problems no visible field shows, by path. */
  readonly unplacedProblems: readonly (readonly [string, FieldError])[];
}

/** Why a save was refused: the catalogue message, its detail, and the problems no field shows. */
export function CrudFormErrorBanner({ resource, formError, unplacedProblems }: CrudFormErrorBannerProps) {
  const { t } = useTranslation();
  return (
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
  );
}
