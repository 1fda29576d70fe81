import type { IconName } from '@blueprintjs/icons';
import { ROUTES, type MenuItem } from '@halo/shared';
import { MENU_GROUPS, type MenuGroup, type ScreenEntry } from '../../lib/screens';

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

function menuEntryOf(screen: ScreenEntry): MenuEntry {
  return {
    item: screen.item,
    path: withoutOptionalParameters(screen.path),
    icon: screen.icon,
    labelKey: screen.labelKey,
  };
}

/**
 * The side drawer of spec section 2 for the screens the app hands the shell (in their order):
 * home, configuration, the Admin and Logs groups, services.
 */
export function menuSections(screens: readonly ScreenEntry[]): MenuSection[] {
  return MENU_GROUPS.map((group) => ({
    titleKey: GROUP_TITLES[group],
    entries: screens.filter((screen) => screen.group === group).map(menuEntryOf),
  }));
}

export function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  return entry.path === ROUTES.home ? pathname === ROUTES.home : pathname.startsWith(entry.path);
}
