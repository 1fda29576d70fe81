import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
} from '@blueprintjs/core';
import {
  CertificationType,
  fieldProblems,
  TestId,
  VpnCertificateRequestSchema,
  type ErrorDetail,
  type VpnCertificateRequest,
} from '@halo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, type FieldError } from '../../../crud';
import { outboundFailureText } from '../../../lib/i18n';
import type { CertificateValues } from '../certificateMachine';
import { ProfileSelect } from './ProfileSelect';
import { CERTIFICATION_TYPE_LABEL_KEYS } from '../dataPathLabels';

/** The request the values make, or the problems of each field (type and CN are required). */
export function certificateRequestOf(
  values: CertificateValues,
): { request: VpnCertificateRequest; problems: null } | { request: null; problems: Record<string, FieldError> } {
  const result = VpnCertificateRequestSchema.safeParse({
    certificationType: values.certificationType,
    certificateCN: values.certificateCN,
    ...(values.profileId === null ? {} : { profileId: values.profileId }),
  });
  if (result.success) return { request: result.data, problems: null };
  const problems: Record<string, FieldError> = {};
  for (const problem of fieldProblems(result.error)) {
    problems[problem.path] ??= { key: problem.key, params: problem.params ?? [problem.path] };
  }
  return { request: null, problems };
}

export interface CertificateDialogProps {
  readonly isOpen: boolean;
  readonly busy: boolean;
  readonly values: CertificateValues;
  readonly submitted: boolean;
  readonly errorKey: string | null;
  readonly errorMessage: string;
  readonly errorDetail?: ErrorDetail | null;
  /** The CA service's failure as a generic reason code, shown as a second line. */
  readonly errorReason?: string | null;
  readonly onChange: (values: CertificateValues) => void;
  readonly onGenerate: (request: VpnCertificateRequest | null) => void;
  readonly onCancel: () => void;
}

/** VPN certificate generation: certification type, CN and profile; the answer downloads as a file. */
export function CertificateDialog(props: CertificateDialogProps) {
  const {
    isOpen,
    busy,
    values,
    submitted,
    errorKey,
    errorMessage,
    errorDetail,
    errorReason,
    onChange,
    onGenerate,
    onCancel,
  } = props;
  const { t } = useTranslation();
  const reason = outboundFailureText(t, errorReason);
  const { request, problems } = certificateRequestOf(values);
  const shown = (field: keyof CertificateValues, touched: boolean) =>
    submitted || touched ? problems?.[field] : undefined;

  const fieldGroup = (field: keyof CertificateValues, labelKey: string, touched: boolean, control: ReactNode) => {
    const problem = shown(field, touched);
    const label = t(labelKey);
    return (
      <FormGroup
        label={label}
        labelFor={`certificate-${field}`}
        labelInfo="*"
        intent={problem ? 'danger' : 'none'}
        helperText={
          problem ? (
            <span data-testid={TestId.dataPath.certificateFieldError(field)}>{fieldErrorText(t, problem, label)}</span>
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
      title={t('dataPath.certificate.title')}
      onClose={() => {
        if (!busy) onCancel();
      }}
      style={{ width: 500 }}
    >
      <form
        noValidate
        data-testid={TestId.dataPath.certificateDialog}
        onSubmit={(event) => {
          event.preventDefault();
          onGenerate(request);
        }}
      >
        <DialogBody>
          {errorKey && (
            <Callout intent="danger" icon="error" className="crud-form-error">
              <span data-testid={TestId.dataPath.certificateError}>{t(errorKey, { message: errorMessage })}</span>
              {errorDetail && (
                <div data-testid={TestId.dataPath.certificateErrorDetail}>{t(errorDetail.key, errorDetail.params)}</div>
              )}
              {reason && <div>{t('outbound.reason', { reason })}</div>}
            </Callout>
          )}
          {fieldGroup(
            'certificationType',
            'dataPath.certificate.type',
            true,
            <HTMLSelect
              id="certificate-certificationType"
              fill
              value={String(values.certificationType)}
              disabled={busy}
              options={Object.values(CertificationType).map((value) => ({
                value: String(value),
                label: t(CERTIFICATION_TYPE_LABEL_KEYS[value]),
              }))}
              onChange={(event) => onChange({ ...values, certificationType: Number(event.currentTarget.value) })}
              data-testid={TestId.dataPath.certificateType}
            />,
          )}
          {fieldGroup(
            'certificateCN',
            'dataPath.certificate.cn',
            values.certificateCN !== '',
            <InputGroup
              id="certificate-certificateCN"
              value={values.certificateCN}
              disabled={busy}
              autoComplete="off"
              onValueChange={(certificateCN) => onChange({ ...values, certificateCN })}
              data-testid={TestId.dataPath.certificateCn}
            />,
          )}
          {fieldGroup(
            'profileId',
            'dataPath.certificate.profile',
            false,
            <ProfileSelect
              id="certificate-profileId"
              allowNone={false}
              value={values.profileId}
              disabled={busy}
              testId={TestId.dataPath.certificateProfile}
              onChange={(profileId) => onChange({ ...values, profileId })}
            />,
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text={t('crud.actions.cancel')}
                disabled={busy}
                onClick={onCancel}
                data-testid={TestId.dataPath.certificateCancel}
              />
              <Button
                type="submit"
                intent="primary"
                icon="download"
                text={t('dataPath.certificate.generate')}
                loading={busy}
                data-testid={TestId.dataPath.certificateSubmit}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
