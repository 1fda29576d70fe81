import { BANNER_ROTATION_MS, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/realtime';

/** The banner: its message split on newlines, one line shown at a time, changing every 2 s. */
export function RotatingBanner() {
  const { t } = useTranslation();
  const now = useNow(BANNER_ROTATION_MS);
  const lines = t('shell.banner.messages')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const line = lines[Math.floor(now / BANNER_ROTATION_MS) % lines.length];
  return (
    <div className="rotating-banner" data-testid={TestId.shell.banner} aria-live="polite">
      {line}
    </div>
  );
}
