import { OpenVpnProfileInputSchema } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { emptyProfileValues, profileFieldOfPath, profilePayload, profileToValues } from './profileForm';

describe('profilePayload', () => {
  it('starts from the section 9 defaults and sends empty optional sections as null', () => {
    const values = { ...emptyProfileValues(), name: 'office', serverAddress: 'vpn.example.test', serverPort: 1194 };
    expect(values.customFields).toEqual([{ key_name: '', key_value: '' }]);
    const payload = profilePayload(values);
    expect(payload.general_config).toEqual({ encryption_type: 3, compression_type: 3, layer_type: 2 });
    expect(payload.server_config).toEqual({
      server_address: 'vpn.example.test',
      port: 1194,
      managed_server_address_info: null,
    });
    expect(payload.advanced_config).toBeNull();
    expect(payload.is_private).toBe(false);
    expect(OpenVpnProfileInputSchema.safeParse(payload).success).toBe(true);
  });

  it('a profile with only a name is refused on the server address and port, which the file needs', () => {
    const result = OpenVpnProfileInputSchema.safeParse(profilePayload({ ...emptyProfileValues(), name: 'office' }));
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => profileFieldOfPath(issue.path.join('.')));
    expect(fields).toEqual(expect.arrayContaining(['serverAddress', 'serverPort']));
  });

  it('sends the server and advanced sections the user filled, credentials only for static', () => {
    const payload = profilePayload({
      ...emptyProfileValues(),
      name: 'field',
      mode: 'private',
      serverAddress: 'vpn.example.test',
      serverPort: 1194,
      managedIp: '10.8.0.1',
      managedSubnetMask: '255.255.255.0',
      auth: 'sha256',
      tlsAuth: true,
      keyDirection: 1,
      authUserPassType: 'dynamic',
      authUsername: 'left-over',
      customFields: [
        { key_name: 'verb', key_value: '3' },
        { key_name: '', key_value: '' },
      ],
    });
    expect(payload.is_private).toBe(true);
    expect(payload.server_config).toEqual({
      server_address: 'vpn.example.test',
      port: 1194,
      managed_server_address_info: { ip_address: '10.8.0.1', subnet_mask: '255.255.255.0' },
    });
    expect(payload.advanced_config).toMatchObject({
      auth: 'sha256',
      tls_auth: true,
      key_direction: 1,
      auth_user_pass: { type: 'dynamic', username: null, password: null },
      custom_fields: [{ key_name: 'verb', key_value: '3' }],
    });
    expect(OpenVpnProfileInputSchema.safeParse(payload).success).toBe(true);
  });

  it('reports a bad subnet mask on its own field', () => {
    const payload = profilePayload({
      ...emptyProfileValues(),
      name: 'x',
      serverAddress: 'vpn.example.test',
      serverPort: 1194,
      managedIp: '10.8.0.1',
      managedSubnetMask: '255.0.255.0',
    });
    const result = OpenVpnProfileInputSchema.safeParse(payload);
    expect(result.success ? [] : result.error.issues.map((issue) => profileFieldOfPath(issue.path.join('.')))).toEqual([
      'managedSubnetMask',
    ]);
  });

  it('round-trips a listed profile through the form', () => {
    const values = profileToValues({
      id: 1,
      name: 'office',
      is_enabled: true,
      is_private: false,
      general_config: { encryption_type: 1, compression_type: 1, layer_type: 3 },
      server_config: { server_address: 'vpn.example.test', port: 1194 },
      advanced_config: { custom_fields: null, remote_cert_tls: true },
    });
    expect(values.customFields).toEqual([{ key_name: '', key_value: '' }]);
    const payload = profilePayload(values);
    expect(payload.general_config).toEqual({ encryption_type: 1, compression_type: 1, layer_type: 3 });
    expect(payload.server_config).toEqual({
      server_address: 'vpn.example.test',
      port: 1194,
      managed_server_address_info: null,
    });
    // remote-cert-tls is on by default: null says so, and the section has nothing else.
    expect(payload.advanced_config).toBeNull();
  });

  it('starts with remote-cert-tls on and stores only turning it off', () => {
    const values = { ...emptyProfileValues(), name: 'office', serverAddress: 'vpn.example.test', serverPort: 1194 };
    expect(values.remoteCertTls).toBe(true);
    const off = profilePayload({ ...values, remoteCertTls: false });
    expect(off.advanced_config).toMatchObject({ remote_cert_tls: false });
    expect(OpenVpnProfileInputSchema.safeParse(off).success).toBe(true);
    const stored = {
      id: 1,
      name: 'office',
      is_enabled: true,
      is_private: false,
      general_config: null,
      server_config: { server_address: 'vpn.example.test', port: 1194 },
    };
    expect(profileToValues({ ...stored, advanced_config: { remote_cert_tls: false } }).remoteCertTls).toBe(false);
    expect(profileToValues({ ...stored, advanced_config: null }).remoteCertTls).toBe(true);
  });
});
