import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecretBox } from '../auth/secretBox.js';
import { EnvironmentCertificateAuthority, type IssuedCertificate } from '../ca/certificateAuthority.js';

/** A real client certificate and its CA from a throw-away environment CA, for writer tests. */
export async function issueTestCertificate(commonName = 'test-client'): Promise<IssuedCertificate> {
  const directory = mkdtempSync(join(tmpdir(), 'halo-test-ca-'));
  try {
    const authority = new EnvironmentCertificateAuthority(directory, createSecretBox('test'), 1, 'test', Date.now);
    return await authority.issueClientCertificate(commonName);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
