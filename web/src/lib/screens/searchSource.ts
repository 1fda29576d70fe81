import type { Capability } from '@halo/shared';
import type { ApiClient } from '../api';

export interface SearchItem {
  readonly key: number | string;
  readonly label: string;
  /** Other text the item is found by (e-mail, manager, ...). */
  readonly extra: string;
  /** Where this item opens, when it has a page of its own (a device); otherwise its list's screen, searched for it. */
  readonly route?: string;
}

/** One list the global search looks through, and where a result leads. */
export interface SearchSource {
  /** Names the list in test ids and the search store. */
  readonly name: string;
  /** i18n key of the list's heading in the results. */
  readonly labelKey: string;
  readonly capability: Capability;
  /** Where the list's results come among the others (devices first: operators look for them most). */
  readonly rank: number;
  /** The screen a result opens and the list whose search text it fills in. */
  readonly route: string;
  readonly list: string;
  /**
   * A list small enough to hold (capped, as users and rules are): loaded whole when the box
   * gets focus and filtered as the user types. Or, `find`: a list too large to hold (100,000
   * devices), asked on the server for the typed text, a page of matches at a time.
   */
  readonly load?: (api: Pick<ApiClient, 'call'>, environmentId: number, signal?: AbortSignal) => Promise<SearchItem[]>;
  readonly find?: (
    api: Pick<ApiClient, 'call'>,
    environmentId: number,
    text: string,
    signal?: AbortSignal,
  ) => Promise<SearchItem[]>;
}

/** What a screen declares about a list global search looks through (the screen's route says where it leads). */
export type SearchSourceDeclaration = Omit<SearchSource, 'route'>;
