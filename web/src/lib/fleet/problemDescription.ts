import type { TFunction } from 'i18next';
import type { FleetProblem, ProblemKind } from '@halo/shared';
import { logEntryText } from '../i18n';

const KIND_LABEL_KEYS: Readonly<Record<ProblemKind, string>> = {
  notConnected: 'fleetProblem.kind.notConnected',
  mainAppOffline: 'fleetProblem.kind.mainAppOffline',
  allLinksDown: 'fleetProblem.kind.allLinksDown',
  alert: 'fleetProblem.kind.alert',
};

/** What a problem list says about a device: what kind of problem, and what exactly is wrong. */
export function describeProblem(
  t: TFunction,
  problem: FleetProblem,
): { readonly label: string; readonly detail: string | null; readonly detailDir?: 'auto' } {
  const label = t(KIND_LABEL_KEYS[problem.kind]);
  if (problem.kind === 'allLinksDown' && problem.links)
    return { label, detail: t('fleetProblem.detail.links', problem.links) };
  if (problem.kind === 'alert' && problem.alert) {
    const { text, dir } = logEntryText(t, problem.alert, false);
    return dir ? { label, detail: text, detailDir: dir } : { label, detail: text };
  }
  return { label, detail: null };
}
