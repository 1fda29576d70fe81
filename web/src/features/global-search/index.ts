export { GlobalSearch } from './GlobalSearch';
export type { SearchSourceDeclaration } from './searchSources';
