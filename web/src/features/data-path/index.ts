export { DataPathPage } from './DataPathPage';
export { applicationRulesSearch, vpnProfilesSearch } from './dataPathSearch';
