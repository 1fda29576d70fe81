import { Tag } from '@blueprintjs/core';
import { UpstreamState } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { liveChannel, useObservableValue } from '../../../lib/realtime';
import { useTimeFormat } from '../../../lib/time-zone';

/** When the provider is slow or down, says how old the data is. */
export function UpstreamStatus() {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const status = useObservableValue(liveChannel.upstreamStatus$, null);
  if (!status || status.state === UpstreamState.OK) return null;
  const asOf = Date.parse(status.lastGoodAt ?? status.since);
  const time = Number.isNaN(asOf) ? '-' : format.dateTime(asOf);
  return (
    <Tag
      intent={status.state === UpstreamState.DOWN ? 'danger' : 'warning'}
      icon="warning-sign"
      data-testid="upstream-status"
    >
      {status.state === UpstreamState.DOWN
        ? t('shell.upstream.down', { time })
        : t('shell.upstream.degraded', { time })}
    </Tag>
  );
}
