export { UsersPage } from './UsersPage';
export { usersSearch } from './usersSearch';
