import type { IconName } from '@blueprintjs/icons';
import type { MenuItem } from '@halo/shared';
import type { ComponentType } from 'react';
import type { SearchSourceDeclaration } from './searchSource';

/** The side drawer's groups of spec section 2, in order. */
export const MENU_GROUPS = ['main', 'config', 'admin', 'logs', 'services'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * A page of a screen that is no menu entry of its own (a device's page under Devices): behind
 * the screen's menu item's permission, with its own route and title.
 */
export interface ScreenPage {
  readonly path: string;
  /** i18n key of the page's title (the page may name what it shows: `usePageTitle`). */
  readonly titleKey: string;
  readonly page: ComponentType;
}

/**
 * One screen of the console: its route, the menu entry that opens it (the permission is the
 * menu item's, shared `MENU_ITEM_CAPABILITY`), the page, and the lists global search finds in
 * it. The app lists the screens (`app/screenRegistry.ts`) and hands them to the router, the side
 * drawer and global search; the shape lives here so that features can read it without
 * importing the app.
 */
export interface ScreenEntry {
  readonly item: MenuItem;
  /** The route (optional parameters included). */
  readonly path: string;
  readonly icon: IconName;
  /** i18n key of the menu label, also the page title. */
  readonly labelKey: string;
  readonly group: MenuGroup;
  readonly page: ComponentType;
  readonly search?: readonly SearchSourceDeclaration[];
  /** Pages reached from this screen rather than from the menu, behind the same permission. */
  readonly pages?: readonly ScreenPage[];
}
