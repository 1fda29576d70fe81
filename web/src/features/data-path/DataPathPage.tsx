import './dataPath.css';
import { H4 } from '@blueprintjs/core';
import { API, can, TestId, type Device, type OpenVpnProfile, type VpnCertificateRequest } from '@halo/shared';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { CrudScreen } from '../../crud';
import { api } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSessionSubject } from '../../lib/session';
import { applicationRulesScreen } from './applicationRulesScreen';
import { downloadCertificate } from './certificateDownload';
import { certificateMachine } from './certificateMachine';
import { CertificateDialog } from './components/CertificateDialog';
import { DataPathContext } from './dataPathContext';
import { vpnProfilesScreen } from './vpnProfilesScreen';

/**
 * /config/data-path: application rules and VPN profiles, each shown with its own view
 * permission, and the VPN certificate generation dialog. Deleting a profile refreshes the
 * rules (their profile falls back to 'No VPN/Custom').
 */
export function DataPathPage() {
  const { t } = useTranslation();
  const { subject, environmentId } = useSessionSubject();
  const canViewRules = can(subject, 'applicationRules.view');
  const canViewProfiles = can(subject, 'openVpnProfiles.view');
  const canGenerate = can(subject, 'vpnCertificates.generate');

  const [profiles, setProfiles] = useState<readonly OpenVpnProfile[]>([]);
  const [devices, setDevices] = useState<readonly Device[]>([]);
  const [rulesReloadKey, setRulesReloadKey] = useState(0);

  // Hubs are picked from the environment's servers, few where clients may be 100,000 (hosts are
  // found on the server as the user types: HostsPicker); a refusal leaves the pickers empty.
  useEffect(() => {
    if (!canViewRules) return;
    const controller = new AbortController();
    api
      .call(
        API.devices.list,
        { params: { environmentId }, query: { is_server: 'true' } },
        { signal: controller.signal },
      )
      .then((answer) => setDevices(answer.devices))
      .catch(() => undefined);
    return () => controller.abort();
  }, [canViewRules, environmentId]);

  const onProfileSuccess = useCallback((successKey: string) => {
    if (successKey === 'dataPath.profiles.success.deleted') setRulesReloadKey((key) => key + 1);
  }, []);

  // The environment is fixed for the page's life; the logic is made once.
  const [certificateLogic] = useState(() =>
    certificateMachine.provide({
      actors: {
        generate: fromPromise<void, VpnCertificateRequest>(({ input }) => downloadCertificate(environmentId, input)),
      },
      actions: { notifyGenerated: () => notifySuccess(i18n.t('dataPath.certificate.success')) },
    }),
  );
  const [certificate, sendCertificate] = useMachine(certificateLogic);
  const firstCertifiable = profiles.find((profile) => !profile.is_private) ?? profiles[0];
  const openCertificateDialog = useMemo(
    () =>
      canGenerate ? () => sendCertificate({ type: 'certificate.open', profileId: firstCertifiable?.id ?? null }) : null,
    [canGenerate, firstCertifiable, sendCertificate],
  );
  // The rule form checks each hub's port against the control ports of the devices loaded.
  const rulesScreen = useMemo(() => applicationRulesScreen({ devices }), [devices]);
  const lists = useMemo(
    () => ({ profiles, devices, openCertificateDialog }),
    [profiles, devices, openCertificateDialog],
  );

  return (
    <DataPathContext.Provider value={lists}>
      <div className="data-path-page" data-testid={TestId.dataPath.page}>
        {canViewRules && (
          <section className="data-path-section" data-testid={TestId.dataPath.rulesSection}>
            <H4>{t('dataPath.rules.title')}</H4>
            <CrudScreen definition={rulesScreen} reloadKey={rulesReloadKey} />
          </section>
        )}
        {canViewProfiles && (
          <section className="data-path-section" data-testid={TestId.dataPath.profilesSection}>
            <H4>{t('dataPath.profiles.title')}</H4>
            <CrudScreen definition={vpnProfilesScreen} onRowsChange={setProfiles} onSuccess={onProfileSuccess} />
          </section>
        )}
      </div>
      <CertificateDialog
        isOpen={certificate.hasTag('dialog')}
        busy={certificate.hasTag('busy')}
        values={certificate.context.values}
        submitted={certificate.context.submitted}
        errorKey={certificate.context.errorKey}
        errorMessage={certificate.context.errorMessage}
        errorDetail={certificate.context.errorDetail}
        errorReason={certificate.context.errorReason}
        onChange={(values) => sendCertificate({ type: 'certificate.change', values })}
        onGenerate={(request) => sendCertificate({ type: 'certificate.generate', request })}
        onCancel={() => sendCertificate({ type: 'certificate.cancel' })}
      />
    </DataPathContext.Provider>
  );
}
