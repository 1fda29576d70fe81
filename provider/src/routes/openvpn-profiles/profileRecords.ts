import {
  ALLOWED_CUSTOM_KEYS,
  duplicateCustomKeys,
  ErrorCode,
  notAllowedCustomKeys,
  type AdvancedConfig,
  type OpenVpnProfile,
  type OpenVpnProfileInput,
} from '@halo/shared';
import type { SecretBox } from '../../auth/secretBox.js';
import type { ProviderContext } from '../../context.js';
import { refuse } from '../../errors/httpError.js';
import type { OpenVpnProfileRow, OpenVpnProfilesTable } from '../../store/dataPathTables.js';
import { takenInEnvironment } from '../../store/uniqueness.js';

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/** A profile as the API answers it: the auth_user_pass password is never sent back. */
export function profileView(row: OpenVpnProfileRow): OpenVpnProfile {
  return {
    id: row.id,
    name: row.name,
    is_enabled: row.is_enabled === 1,
    is_private: row.is_private === 1,
    general_config: parseJson(row.general_config),
    server_config: parseJson(row.server_config),
    advanced_config: parseJson<AdvancedConfig>(row.advanced_config),
    ca_family: row.ca_family,
  };
}

/**
 * Error 82 (keys named twice) or 83 (keys off the allow-list), naming them (`keys`, joined,
 * for the catalogue's detail line) and, for 83, the keys that are allowed.
 */
export function customKeysRefusal(reason: 'duplicate' | 'notAllowed', keys: readonly string[]) {
  return reason === 'duplicate'
    ? refuse(ErrorCode.DUPLICATE_CUSTOM_KEY, { duplicate_keys: keys, keys: keys.join(', ') })
    : refuse(ErrorCode.CUSTOM_KEY_NOT_ALLOWED, {
        not_allowed_keys: keys,
        keys: keys.join(', '),
        allowed_keys: ALLOWED_CUSTOM_KEYS,
      });
}

/** Errors 82 and 83 for a profile being saved; the schema already checked each value against its key. */
export function assertCustomFields(input: OpenVpnProfileInput): void {
  const fields = input.advanced_config?.custom_fields ?? [];
  const duplicates = duplicateCustomKeys(fields);
  if (duplicates.length > 0) throw customKeysRefusal('duplicate', duplicates);
  const notAllowed = notAllowedCustomKeys(fields);
  if (notAllowed.length > 0) throw customKeysRefusal('notAllowed', notAllowed);
}

type StoredColumns = Omit<
  OpenVpnProfilesTable,
  'id' | 'environment_id' | 'created_at' | 'updated_at' | 'tls_auth_key_sealed'
>;

/** The columns an input writes; the static password goes into its own sealed column. */
export function profileColumns(input: OpenVpnProfileInput, secrets: SecretBox): StoredColumns {
  const advanced = input.advanced_config;
  const authUserPass = advanced?.auth_user_pass ?? null;
  const storedAdvanced = advanced
    ? {
        ...advanced,
        auth_user_pass: authUserPass ? { type: authUserPass.type, username: authUserPass.username ?? null } : null,
      }
    : null;
  return {
    name: input.name,
    is_enabled: input.is_enabled ? 1 : 0,
    is_private: input.is_private ? 1 : 0,
    general_config: input.general_config ? JSON.stringify(input.general_config) : null,
    server_config: input.server_config ? JSON.stringify(input.server_config) : null,
    advanced_config: storedAdvanced ? JSON.stringify(storedAdvanced) : null,
    ca_family: input.ca_family ?? null,
    auth_password_sealed: authUserPass?.password ? secrets.seal(authUserPass.password) : null,
  };
}

/** Error 80: the environment already has a profile of this name (any case). */
export async function assertProfileNameFree(
  context: ProviderContext,
  environmentId: number,
  name: string,
  exceptId?: number,
) {
  if (await takenInEnvironment(context.db, 'openvpn_profiles', 'name', environmentId, name, exceptId))
    throw refuse(ErrorCode.VPN_PROFILE_NAME_EXISTS);
}
