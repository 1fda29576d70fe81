import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../../crud';
import { createI18n } from '../../../lib/i18n/i18n';
import { certificateRequestOf } from './CertificateDialog';

const values = { certificationType: 1, certificateCN: 'field laptop', profileId: 4 };

describe('the certificate CN’s refusal', () => {
  it('says which characters are allowed and the length limit, in en-US and he-IL', () => {
    const problem = certificateRequestOf(values).problems?.certificateCN;
    expect(problem).toBeDefined();
    const english = createI18n('en-US').t;
    expect(fieldErrorText(english, problem!, english('dataPath.certificate.cn'))).toBe(
      'Certificate CN may contain only letters A-Z and a-z, digits 0-9, dot (.), underscore (_), hyphen (-) and @, at most 64 characters',
    );
    const hebrew = createI18n('he-IL').t;
    expect(fieldErrorText(hebrew, problem!, hebrew('dataPath.certificate.cn'))).toBe(
      'CN של התעודה יכול להכיל רק אותיות A-Z ו-a-z, ספרות 0-9, נקודה (.), קו תחתון (_), מקף (-) ו-@, עד 64 תווים',
    );
  });

  it('accepts a CN of the allowed characters', () => {
    expect(certificateRequestOf({ ...values, certificateCN: 'Field_laptop-7.ops@site' }).problems).toBeNull();
  });
});
