import { Tooltip } from '@blueprintjs/core';
import { CLOCK_TICK_MS, TestId, formatServerClock, serverNow } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { liveChannel, useNow, useObservableValue } from '../../../lib/realtime';

/**
 * The server clock: the time comes over the socket (`clock`, on connect and every 60 s),
 * the display ticks locally every second. It never polls the API.
 */
export function ServerClock() {
  const { t } = useTranslation();
  const clock = useObservableValue(liveChannel.clock$, null);
  const now = useNow(CLOCK_TICK_MS);
  return (
    <Tooltip content={t('shell.clock.tooltip')} placement="bottom">
      <span className="server-clock" data-testid={TestId.shell.clock} dir="ltr">
        {clock ? formatServerClock(serverNow(clock, now)) : t('shell.clock.waiting')}
      </span>
    </Tooltip>
  );
}
