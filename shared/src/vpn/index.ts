export * from './openVpnProfile.js';
export * from './vpnCertificate.js';
