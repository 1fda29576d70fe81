export { MENU_GROUPS } from './screenEntry';
export type { MenuGroup, ScreenEntry, ScreenPage } from './screenEntry';
export { usePageTitle, usePageTitleText } from './pageTitle';
export type { SearchItem, SearchSource, SearchSourceDeclaration } from './searchSource';
