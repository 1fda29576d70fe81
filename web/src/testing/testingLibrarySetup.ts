import { configure } from '@testing-library/react';

/**
 * The unit tests run a worker per core beside the linter (tests/stages.mjs): on a 2-core CI
 * machine a screen's first render can take longer than Testing Library's default 1 s wait,
 * and a `findBy` then fails though nothing is wrong. The waits end as soon as what they wait
 * for shows, so a longer limit only matters when a test would fail anyway.
 */
configure({ asyncUtilTimeout: 5_000 });
