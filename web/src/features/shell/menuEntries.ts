import type { IconName } from '@blueprintjs/icons';
import { ROUTES, type MenuItem } from '@halo/shared';
import { MENU_GROUPS, SCREENS, type MenuGroup } from '../../app/screenRegistry';

export interface MenuEntry {
  readonly item: MenuItem;
  /** Where the menu goes (optional route parameters left out). */
  readonly path: string;
  readonly icon: IconName;
  /** i18n key of the label, also the page title. */
  readonly labelKey: string;
}

export interface MenuSection {
  readonly titleKey: string | null;
  readonly entries: readonly MenuEntry[];
}

const withoutOptionalParameters = (path: string) => path.replace(/\/:[^/]+\?$/, '');

const GROUP_TITLES: Readonly<Record<MenuGroup, string | null>> = {
  main: null,
  config: 'shell.menu.groupConfig',
  admin: 'shell.menu.groupAdmin',
  logs: 'shell.menu.groupLogs',
  services: 'shell.menu.groupServices',
};

/** Each screen's menu entry, from the screen registry. */
export const MENU_ENTRIES = Object.fromEntries(
  SCREENS.map((screen) => [
    screen.item,
    { item: screen.item, path: withoutOptionalParameters(screen.path), icon: screen.icon, labelKey: screen.labelKey },
  ]),
) as Readonly<Record<MenuItem, MenuEntry>>;

/** The side drawer of spec section 2: home, configuration, the Admin and Logs groups, services. */
export const MENU_SECTIONS: readonly MenuSection[] = MENU_GROUPS.map((group) => ({
  titleKey: GROUP_TITLES[group],
  entries: SCREENS.filter((screen) => screen.group === group).map((screen) => MENU_ENTRIES[screen.item]),
}));

export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  return entry.path === ROUTES.home ? pathname === ROUTES.home : pathname.startsWith(entry.path);
}
