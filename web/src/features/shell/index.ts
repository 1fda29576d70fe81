export { AppShell } from './AppShell';
export type { MenuEntry, MenuSection } from './menuEntries';
export { usePageTitleKey } from './usePageTitleKey';
export type { RouteHandle } from './usePageTitleKey';
