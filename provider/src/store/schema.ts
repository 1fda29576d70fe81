import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables of the provider's store. Times are epoch milliseconds, flags are 0/1 integers and
 * lists are JSON text, so one schema runs unchanged on SQLite and PostgreSQL.
 */
export interface EnvironmentsTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  description: string | null;
  ca_server_address: string | null;
  realm_type: number;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  environment_id: number;
  username: string;
  name: string | null;
  email: string | null;
  description: string | null;
  password_hash: string;
  environment_manager: number;
  /** JSON list of permission numbers. */
  permissions: string;
  severity: number;
  is_disabled: number;
  two_factor_status: number;
  /** Encrypted TOTP secret, null while 2FA is inactive. */
  two_factor_secret: string | null;
  /** Last TOTP time step accepted, so a code is never used twice. */
  two_factor_last_step: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  verified: number;
  created_at: number;
  last_activity_at: number;
  ended_at: number | null;
  ended_reason: string | null;
}

export interface LoginAttemptsTable {
  /** environment name and username, lower-cased: counted whether or not the user exists. */
  attempt_key: string;
  failures: number;
  locked_until: number | null;
  updated_at: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface UserAuditsTable {
  id: Generated<number>;
  environment_id: number;
  user_id: number | null;
  username: string | null;
  resource: string;
  action: string;
  name: string | null;
  detail: string | null;
  created_at: number;
}

export interface GroupsTable {
  id: Generated<number>;
  environment_id: number;
  name: string;
  created_at: number;
}

export interface Database {
  groups: GroupsTable;
  environments: EnvironmentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  password_resets: PasswordResetsTable;
  user_audits: UserAuditsTable;
}

export type EnvironmentRow = Selectable<EnvironmentsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type GroupRow = Selectable<GroupsTable>;
