import { InputGroup, Menu, MenuDivider, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import { LAYOUT_SIZES, TestId } from '@halo/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setListSearch, type ListSearchNavigationState } from '../../crud';
import { api } from '../../lib/api';
import type { SearchItem, SearchSource } from '../../lib/screens';
import { useSessionSubject } from '../../lib/session';
import { byRank, filterSearchGroups, findSearchGroups, loadSearchGroups, type SearchGroup } from './searchSources';

/** How long typing pauses before the lists searched on the server are asked. */
const FIND_AFTER_MS = 200;

export interface GlobalSearchProps {
  /** The lists to look through, from the screens the app hands the shell (`searchSourcesOf`). */
  readonly sources: readonly SearchSource[];
}

/**
 * The top bar's search over devices, users, environments, application rules and VPN
 * profiles: it loads only the lists the user may view (each time the box gets focus; devices
 * are searched on the server as the user types, a pause after the last key), shows matches
 * grouped by list, and a chosen result opens its own page (a device's) or its screen with the
 * search filled in.
 */
export function GlobalSearch({ sources }: GlobalSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, subject } = useSessionSubject();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [groups, setGroups] = useState<readonly SearchGroup[]>([]);
  /** What the lists searched on the server answered, and for which text. */
  const [found, setFound] = useState<{ readonly text: string; readonly groups: readonly SearchGroup[] }>({
    text: '',
    groups: [],
  });
  const loadController = useRef<AbortController | null>(null);
  const environmentId = session?.environment_id;

  useEffect(() => () => loadController.current?.abort(), []);

  // The lists searched on the server, asked for the text typed once typing pauses; the last
  // answer stays shown (filtered by the text now) until the next one comes.
  const needle = text.trim();
  useEffect(() => {
    if (environmentId === undefined || needle === '') return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void findSearchGroups(api, environmentId, subject, sources, needle, controller.signal).then((groups) => {
        if (!controller.signal.aborted) setFound({ text: needle, groups });
      });
    }, FIND_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [environmentId, needle, subject, sources]);
  const finding = needle !== '' && found.text !== needle;

  const load = () => {
    if (!session) return;
    loadController.current?.abort();
    const controller = new AbortController();
    loadController.current = controller;
    setLoading(true);
    void loadSearchGroups(api, session.environment_id, subject, sources, controller.signal)
      .then((loaded) => {
        if (!controller.signal.aborted) setGroups(loaded);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
  };

  const results = filterSearchGroups(byRank([...groups, ...found.groups]), text);

  const choose = (source: SearchSource, item: SearchItem) => {
    setOpen(false);
    setText('');
    // An item with a page of its own (a device) opens it; any other opens its list searched for it.
    if (item.route !== undefined) {
      void navigate(item.route);
      return;
    }
    setListSearch(source.list, item.label);
    const state: ListSearchNavigationState = { listSearch: item.label };
    void navigate(source.route, { state });
  };

  const content = (
    <Menu className="global-search-results" data-testid={TestId.globalSearch.results}>
      {(loading || finding) && results.length === 0 ? (
        <MenuItem disabled icon={<Spinner size={16} />} text={t('search.loading')} />
      ) : results.length === 0 ? (
        <MenuItem disabled text={t('search.noResults')} data-testid={TestId.globalSearch.noResults} />
      ) : (
        results.map((group) => (
          <li key={group.source.name} data-testid={TestId.globalSearch.group(group.source.name)}>
            <ul className="bp6-menu global-search-group">
              <MenuDivider title={t(group.source.labelKey)} />
              {group.items.map((item) => (
                <MenuItem
                  key={item.key}
                  text={item.label}
                  label={item.extra.trim() || undefined}
                  onClick={() => choose(group.source, item)}
                  data-testid={TestId.globalSearch.result(group.source.name, item.key)}
                />
              ))}
            </ul>
          </li>
        ))
      )}
    </Menu>
  );

  return (
    <PopoverNext
      content={content}
      isOpen={open && text.trim() !== ''}
      autoFocus={false}
      enforceFocus={false}
      openOnTargetFocus={false}
      placement="bottom-start"
      arrow={false}
      animation="minimal"
      onInteraction={(next) => {
        if (!next) setOpen(false);
      }}
    >
      <InputGroup
        type="search"
        leftIcon="search"
        value={text}
        placeholder={t('shell.search.placeholder')}
        aria-label={t('shell.search.placeholder')}
        data-testid={TestId.shell.search}
        style={{ width: LAYOUT_SIZES.searchBoxWidth }}
        onFocus={() => {
          setOpen(true);
          load();
        }}
        onValueChange={(value) => {
          setText(value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          const first = results[0];
          const item = first?.items[0];
          if (event.key === 'Enter' && first && item) choose(first.source, item);
          if (event.key === 'Escape') setOpen(false);
        }}
      />
    </PopoverNext>
  );
}
