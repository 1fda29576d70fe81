export { AppShell } from './AppShell';
export { MENU_ENTRIES, MENU_SECTIONS } from './menuEntries';
export type { MenuEntry, MenuSection } from './menuEntries';
export { usePageTitleKey } from './usePageTitleKey';
export type { RouteHandle } from './usePageTitleKey';
