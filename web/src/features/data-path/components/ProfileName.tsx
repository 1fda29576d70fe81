import { useTranslation } from 'react-i18next';
import { useDataPathLists } from '../dataPathContext';

/** A rule's VPN profile by name, or 'No VPN/Custom'. */
export function ProfileName({ profileId }: { readonly profileId: number | null | undefined }) {
  const { t } = useTranslation();
  const { profiles } = useDataPathLists();
  if (profileId === null || profileId === undefined) return <>{t('dataPath.rules.noVpn')}</>;
  return <>{profiles.find((profile) => profile.id === profileId)?.name ?? `#${profileId}`}</>;
}
