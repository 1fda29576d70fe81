export * from './openVpnCustomDirectives.js';
export * from './openVpnProfile.js';
export * from './vpnCertificate.js';
export * from './vpnApi.js';
