import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@halo/shared';
import { useAdminSuite } from '../testing/adminSuite.js';
import { DIALECTS } from '../testing/testProvider.js';

/**
 * A number in a query (or a path id) is plain digits: a blank, a line end, a plus, an exponent
 * or a hex prefix around or in it is refused with error 3 (a path id is not found), never read
 * as the number it resembles.
 */
describe.each(DIALECTS)('query numbers on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const { send } = suite;

  /** Each way of dressing up a digit that Number() would still read as that number. */
  const dressedUp = (digit: string) =>
    [`${digit}%0D%0A`, `${digit}%0A`, `${digit}%0D`, `%20${digit}`, `${digit}%20`, `%09${digit}`, `%2B${digit}`].concat(
      [`${digit}e0`, `0x${digit}`, `${digit}.0`],
    );

  it('takes plain digits and refuses a number with a blank, a line end or another spelling around it', async () => {
    const paths = [
      (value: string) => `/alarms?page_size=${value}`,
      (value: string) => `/alarms?offset=${value}`,
      (value: string) => `/alarms?severities=3,${value}`,
      (value: string) => `/alarms/changes?after=${value}`,
      (value: string) => `/system_logs?object_id=${value}`,
      (value: string) => `/system_logs?device_ids=1,${value}`,
      (value: string) => `/user_audits?page_size=${value}`,
      (value: string) => `/environments?page_size=${value}`,
    ];
    for (const path of paths) {
      const plain = await send(suite.admin, 'get', path('2'));
      expect(plain.status, `${path('2')}: ${JSON.stringify(plain.body)}`).toBe(200);
      // Empty, a single number is no number (a list's empty item is skipped: `1,,2`).
      for (const dressed of [...dressedUp('2'), ...(path('').endsWith(',') ? [] : [''])]) {
        const refused = await send(suite.admin, 'get', path(dressed));
        expect({ path: path(dressed), status: refused.status, error: refused.body.error }).toEqual({
          path: path(dressed),
          status: 400,
          error: ErrorCode.BAD_QUERY_PARAMETER,
        });
      }
    }
  });

  it('finds no id in a path id with a line end or a blank around it, as before', async () => {
    for (const dressed of dressedUp('1')) {
      const refused = await send(suite.admin, 'get', `/users/${dressed}`);
      expect({ dressed, status: refused.status }).toEqual({ dressed, status: 404 });
    }
  });
});
