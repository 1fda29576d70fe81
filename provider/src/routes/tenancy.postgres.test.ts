import { DIALECTS } from '../testing/testProvider.js';
import { describeTenancy } from '../testing/tenancy.suite.js';

// The suite is in testing/tenancy.suite.ts; this file runs it on postgres, beside the other dialect's.
describeTenancy(DIALECTS[1]);
