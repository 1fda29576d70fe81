export { GlobalSearch } from './GlobalSearch';
export { searchSourcesOf } from './searchSources';
