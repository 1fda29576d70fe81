import type { Device, OpenVpnProfile } from '@halo/shared';
import { createContext, useContext } from 'react';

/** What the rule and certificate forms pick from: the environment's profiles and devices. */
export interface DataPathLists {
  readonly profiles: readonly OpenVpnProfile[];
  readonly devices: readonly Device[];
}

export const DataPathContext = createContext<DataPathLists>({ profiles: [], devices: [] });

export function useDataPathLists(): DataPathLists {
  return useContext(DataPathContext);
}
