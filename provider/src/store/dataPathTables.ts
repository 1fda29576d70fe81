import type { Generated, Selectable } from 'kysely';

/** Tables of the data path (migration 010): JSON text for structured sections. */
export interface OpenVpnProfilesTable {
  id: Generated<number>;
  environment_id: number;
  name: string;
  is_enabled: number;
  is_private: number;
  general_config: string | null;
  server_config: string | null;
  /** Without the auth_user_pass password, which is kept sealed beside it. */
  advanced_config: string | null;
  ca_family: string | null;
  auth_password_sealed: string | null;
  /** The profile's OpenVPN static key for tls-auth, sealed; made when tls_auth is on. */
  tls_auth_key_sealed: string | null;
  created_at: number;
  updated_at: number;
}

export interface ApplicationRulesTable {
  id: Generated<number>;
  environment_id: number;
  name: string;
  is_enabled: number;
  profile_id: number | null;
  host_endpoint_info: string | null;
  /** JSON list of host device ids. */
  hosts: string;
  hosts_settings: string;
  /**
   * JSON list of {priority, device_id, endpoint_type, port}; `port` (each hub's control port) is
   * absent in rules written before it, which answer hub_endpoint_info's port for every hub.
   */
  hubs: string;
  hub_endpoint_info: string | null;
  hubs_settings: string;
  topology: string | null;
  pairing_mode: string | null;
  protocol: string | null;
  bandwidth_limit_kbps: number | null;
  created_at: number;
  updated_at: number;
}

export interface IssuedCertificatesTable {
  id: Generated<number>;
  environment_id: number;
  serial: string;
  common_name: string;
  profile_id: number;
  issuer_user_id: number;
  issued_at: number;
}

export type OpenVpnProfileRow = Selectable<OpenVpnProfilesTable>;
export type ApplicationRuleRow = Selectable<ApplicationRulesTable>;
