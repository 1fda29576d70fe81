/** CPU profiles (Chrome DevTools Protocol) as the benchmarks read them. */

export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/** The functions the page spent most time in (self time), for reading a profile at a glance. */
export function topSelfTime(profile: CpuProfile, count: number): string[] {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfMs = new Map<string, number>();
  const samples = profile.samples ?? [];
  let totalMs = 0;
  samples.forEach((id, index) => {
    const frame = frames.get(id);
    const deltaMs = (profile.timeDeltas?.[index] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)') return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + deltaMs);
    totalMs += deltaMs;
  });
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, value]) =>
        `${value.toFixed(0).padStart(6)} ms ${((100 * value) / totalMs).toFixed(1).padStart(5)}%  ${key}`,
    );
}
