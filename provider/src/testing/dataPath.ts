/** An OpenVPN profile body with every section filled in; `extra` overrides top-level fields. */
export const profileBody = (name: string, extra: object = {}) => ({
  name,
  general_config: { encryption_type: 3, compression_type: 3, layer_type: 3 },
  server_config: { server_address: 'vpn.example.test', port: 1194 },
  advanced_config: {
    auth: 'sha256',
    remote_cert_tls: true,
    tls_auth: true,
    key_direction: 1,
    custom_fields: [{ key_name: '', key_value: '' }],
  },
  ...extra,
});
