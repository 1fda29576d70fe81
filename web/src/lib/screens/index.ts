export { MENU_GROUPS } from './screenEntry';
export type { MenuGroup, ScreenEntry } from './screenEntry';
export type { SearchItem, SearchSource, SearchSourceDeclaration } from './searchSource';
