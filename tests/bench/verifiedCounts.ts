/**
 * The correctness figures of the benchmarks (nothing lost, nothing duplicated, one mail per
 * user, counts equal), each over a stated number of verified items. A figure passes only when
 * the bench verified as many items as it says and found none wrong: a check that compared
 * nothing (0 wrong of 0) fails instead of passing unseen.
 */
export interface VerifiedCount {
  /** What was verified, as counted: "full clients compared device by device with the upstream". */
  readonly what: string;
  /** How many the bench says it verifies. */
  readonly stated: number;
  /** How many it did verify. */
  readonly verified: number;
  /** How many of them were wrong (lost, duplicated, different). */
  readonly wrong: number;
  /** What a wrong one is: "(client, device) pairs off the upstream". */
  readonly wrongWhat: string;
}

export const verifiedOk = (count: VerifiedCount) =>
  count.stated > 0 && count.verified >= count.stated && count.wrong === 0;

/** One line: "1240 of 1240 checked light clients compared device by device: 0 (client, device) pairs off | ok". */
export const describeVerified = (count: VerifiedCount) =>
  `${count.verified} of ${count.stated} ${count.what}: ${count.wrong} ${count.wrongWhat} | ${verifiedOk(count) ? 'ok' : 'FAILED'}`;

/** Prints every count, then throws when any verified fewer items than stated or found one wrong. */
export function assertVerified(bench: string, counts: readonly VerifiedCount[]): void {
  console.log(
    `\n${bench}: correctness, over the stated counts\n${counts.map((count) => `  ${describeVerified(count)}`).join('\n')}\n`,
  );
  const failed = counts.filter((count) => !verifiedOk(count));
  if (failed.length > 0)
    throw new Error(
      `${bench}: correctness check failed:\n${failed.map((count) => `  ${describeVerified(count)}`).join('\n')}`,
    );
}
