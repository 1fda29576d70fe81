import { Button, Callout, Card, ControlGroup, Elevation, H4, InputGroup, Tooltip } from '@blueprintjs/core';
import { COPY_SNACKBAR_TIMEOUT_MS, TestId } from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAlert } from '../../../crud';
import { errorMessageKey } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { wallDisplaysApi, type IssuedWallDisplay, type WallDisplay } from '../wallDisplaysApi';
import { copyText } from '../../../lib/clipboard';
import { ltrIsolate } from '../../../lib/i18n';
import { useTimeFormat } from '../../../lib/time-zone';

/** A manager issues read-only wall display sessions (the address is shown once) and revokes them. */
export function WallDisplaysCard({ environmentId }: { readonly environmentId: number }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const [displays, setDisplays] = useState<readonly WallDisplay[]>([]);
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<IssuedWallDisplay | null>(null);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [listVersion, setListVersion] = useState(0);
  /** The display a manager asked to revoke, until they confirm or cancel. */
  const [revoking, setRevoking] = useState<WallDisplay | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    wallDisplaysApi
      .list(environmentId, controller.signal)
      .then(setDisplays)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setErrorKey(errorMessageKey(error));
      });
    return () => controller.abort();
  }, [environmentId, listVersion]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrorKey(null);
    try {
      await work();
      setListVersion((version) => version + 1);
    } catch (error) {
      setErrorKey(errorMessageKey(error));
    } finally {
      setBusy(false);
    }
  };

  const issue = () =>
    run(async () => {
      const answer = await wallDisplaysApi.issue(environmentId, label.trim());
      setIssued(answer);
      setLabel('');
    });

  const revoke = (display: WallDisplay) =>
    run(async () => {
      await wallDisplaysApi.revoke(environmentId, display.id);
      if (issued?.id === display.id) setIssued(null);
      notifySuccess(t('home.wallDisplays.revoked'));
    }).finally(() => setRevoking(null));

  return (
    <Card elevation={Elevation.ONE} className="home-card home-wall-displays" data-testid={TestId.home.wallDisplays}>
      <H4>{t('home.wallDisplays.title')}</H4>
      <p className="bp6-text-muted">{t('home.wallDisplays.description')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (label.trim() !== '') void issue();
        }}
      >
        <ControlGroup fill>
          <InputGroup
            value={label}
            maxLength={64}
            placeholder={t('home.wallDisplays.label')}
            aria-label={t('home.wallDisplays.label')}
            onValueChange={setLabel}
            disabled={busy}
            data-testid={TestId.home.wallDisplayLabel}
          />
          <Button
            type="submit"
            intent="primary"
            icon="desktop"
            text={t('home.wallDisplays.issue')}
            disabled={busy || label.trim() === ''}
            data-testid={TestId.home.wallDisplayIssue}
          />
        </ControlGroup>
      </form>
      {errorKey && (
        <Callout intent="danger" icon="error" className="home-callout">
          <span data-testid={TestId.home.wallDisplayError}>{t(errorKey)}</span>
        </Callout>
      )}
      {issued && (
        <Callout intent="success" icon="link" className="home-callout">
          <p>{t('home.wallDisplays.issued')}</p>
          <ControlGroup fill>
            <InputGroup readOnly value={issued.url} data-testid={TestId.home.wallDisplayUrl} />
            <Button
              icon="duplicate"
              text={t('home.wallDisplays.copy')}
              onClick={() =>
                void copyText(issued.url).then(() =>
                  notifySuccess(t('home.wallDisplays.copied'), COPY_SNACKBAR_TIMEOUT_MS),
                )
              }
              data-testid={TestId.home.wallDisplayCopy}
            />
          </ControlGroup>
        </Callout>
      )}
      {displays.length === 0 ? (
        <p className="bp6-text-muted">{t('home.wallDisplays.empty')}</p>
      ) : (
        <ul className="home-list">
          {displays.map((display) => (
            <li key={display.id} className="home-display" data-testid={TestId.home.wallDisplayRow(display.id)}>
              {/* The whole label (it wraps, never cut) and when it was issued: displays labelled alike are told apart. */}
              <div className="home-display-text">
                <span className="home-display-label" data-testid={TestId.home.wallDisplayName(display.id)}>
                  {display.label}
                </span>
                <span
                  className="bp6-text-muted home-display-time"
                  data-testid={TestId.home.wallDisplayIssued(display.id)}
                >
                  {t('home.wallDisplays.issuedAt', { time: ltrIsolate(time.timestamp(display.created_at)) })}
                </span>
                <span
                  className="bp6-text-muted home-display-time"
                  data-testid={TestId.home.wallDisplaySeen(display.id)}
                >
                  {t('home.wallDisplays.lastSeen', { time: ltrIsolate(time.timestamp(display.last_seen_at)) })}
                </span>
              </div>
              <Tooltip content={t('home.wallDisplays.revoke')}>
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="disable"
                  aria-label={t('home.wallDisplays.revoke')}
                  disabled={busy}
                  onClick={() => setRevoking(display)}
                  data-testid={TestId.home.wallDisplayRevoke(display.id)}
                />
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
      <ConfirmAlert
        isOpen={revoking !== null}
        busy={busy}
        icon="disable"
        intent="danger"
        confirmText={t('home.wallDisplays.revoke')}
        cancelText={t('crud.actions.cancel')}
        testId={TestId.home.wallDisplayRevokeConfirm}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
        onCancel={() => setRevoking(null)}
      >
        {t('home.wallDisplays.revokeConfirm', { label: revoking?.label ?? '' })}
      </ConfirmAlert>
    </Card>
  );
}
