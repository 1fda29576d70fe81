import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { STRONG_PASSWORD } from '../../testing/people.js';
import { DIALECTS } from '../../testing/testProvider.js';

describe.each(DIALECTS)('the custom CA address on %s', (dialect) => {
  const suite = useAdminSuite(dialect, { HALO_CA_ALLOWED_NETWORKS: '10.20.0.0/16' });
  const { send } = suite;
  const create = (name: string, address: string) =>
    send(suite.admin, 'post', '/environments', {
      environment_name: name,
      username: `${name}-manager`,
      password: STRONG_PASSWORD,
      email: `${name}@example.test`,
      ca_server_address: address,
    });
  const stored = async (name: string) =>
    (
      await suite.provider.provider.context.db
        .selectFrom('environments')
        .select('ca_server_address')
        .where('name', '=', name)
        .executeTakeFirst()
    )?.ca_server_address;

  it('is stored normalised: trimmed, the host in lower case, the default port dropped', async () => {
    await create('ca-typed', ' \t CA.North.EXAMPLE:8443\r\n').expect(201);
    expect(await stored('ca-typed')).toBe('ca.north.example:8443');
    await create('ca-default-port', 'ca.north.example:80').expect(201);
    expect(await stored('ca-default-port')).toBe('ca.north.example');
    const created = await create('ca-renamed', 'ca.north.example').expect(201);
    await send(suite.admin, 'put', `/environments/${created.body.id}`, {
      environment_name: 'ca-renamed',
      ca_server_address: 'CA.South.Example:9443 ',
    }).expect(200);
    expect(await stored('ca-renamed')).toBe('ca.south.example:9443');
    for (const address of [
      'ca.north\r\n.example',
      'ca.north\t.example',
      'ca.north.example:99999',
      'ca north.example',
    ]) {
      const refused = await create('ca-refused', address);
      expect({ address, status: refused.status, fields: refused.body.fields }).toEqual({
        address,
        status: 400,
        fields: { ca_server_address: 'validation.invalid' },
      });
    }
    expect(await stored('ca-refused')).toBeUndefined();
  });

  it('says which rule refuses an address, and for a private one the setting that allows it', async () => {
    for (const [address, key, message] of [
      ['127.0.0.1:8443', 'validation.addressLoopback', /^127\.0\.0\.1 is a loopback address .* no setting allows it$/],
      // The same address spelled as a number: checked as the URL parser reads it.
      ['2130706433', 'validation.addressLoopback', /^127\.0\.0\.1 is a loopback address/],
      ['169.254.169.254', 'validation.addressLinkLocal', /^169\.254\.169\.254 is a link-local address/],
      ['0.0.0.0:80', 'validation.addressReserved', /^0\.0\.0\.0 is an unspecified, multicast, broadcast or reserved/],
      [
        '10.0.0.9:8443',
        'validation.caAddressPrivate',
        /^10\.0\.0\.9 is a private address: .* only when HALO_CA_ALLOWED_NETWORKS lists them$/,
      ],
    ] as const) {
      const refused = await create('ca-refused', address);
      expect({ address, status: refused.status, error: refused.body.error, fields: refused.body.fields }).toEqual({
        address,
        status: 400,
        error: ErrorCode.MISSING_VALUES,
        fields: { ca_server_address: key },
      });
      expect(refused.body.message).toMatch(message);
    }
    expect(await stored('ca-refused')).toBeUndefined();
    // Inside the network HALO_CA_ALLOWED_NETWORKS lists.
    await create('ca-listed', '10.20.0.5:8443').expect(201);
    expect(await stored('ca-listed')).toBe('10.20.0.5:8443');
  });
});
