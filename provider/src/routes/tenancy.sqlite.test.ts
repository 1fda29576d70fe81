import { DIALECTS } from '../testing/testProvider.js';
import { describeTenancy } from '../testing/tenancySuite.js';

// The suite is in testing/tenancySuite.ts; this file runs it on sqlite, beside the other dialect's.
describeTenancy(DIALECTS[0]);
