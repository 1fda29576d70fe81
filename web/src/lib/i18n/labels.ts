import { Severity } from '@halo/shared';

/** The four severities of spec section 4 (values 0 to 3), as every screen names them. */
export const SEVERITY_LABEL_KEYS: Readonly<Record<Severity, string>> = {
  [Severity.NORMAL]: 'common.severity.normal',
  [Severity.MINOR]: 'common.severity.minor',
  [Severity.MAJOR]: 'common.severity.major',
  [Severity.CRITICAL]: 'common.severity.critical',
};

/** The label of a severity value; an unknown one reads as critical (the safe side). */
export const severityLabelKey = (severity: number): string =>
  SEVERITY_LABEL_KEYS[severity as Severity] ?? SEVERITY_LABEL_KEYS[Severity.CRITICAL];
