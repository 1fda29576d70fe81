/** CPU profiles (Chrome DevTools Protocol) as the benchmarks read them. */

export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
    readonly children?: readonly number[];
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

/** A frame of the product's own code (not a dependency, not Node's internals). */
function productFrame(url: string): boolean {
  return /\/(provider|gateway|shared)\/dist\//.test(url) && !url.includes('/node_modules/');
}

/**
 * Where the thread's long busy stretches go: runs of consecutive non-idle samples of at least
 * `minMs`, each sample credited to the outermost
 * and the innermost product function on its stack (a dependency's or V8's frames stand for the
 * product code that called them). Reads which work keeps the thread busy, where self time only
 * names the leaves (a statement's run, the collector). A stretch is not one blocking task: work
 * sliced with setImmediate never lets the thread go idle, though other callbacks run between its
 * slices; the event-loop delay histogram measures blocking, this says what the time went on.
 */
export function longBusyStretches(profile: CpuProfile, minMs: number, count: number): string[] {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const frameOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const ownerCache = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const cached = ownerCache.get(id);
    if (cached !== undefined) return cached;
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = frameOf.get(at);
      if (frame && productFrame(frame.url))
        names.push(`${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}`);
    }
    const owner =
      names.length === 0
        ? `(no product frame: ${frameOf.get(id)?.functionName || '?'})`
        : names.length === 1
          ? names[0]!
          : `${names.at(-1)} > ${names[0]}`;
    ownerCache.set(id, owner);
    return owner;
  };
  const samples = profile.samples ?? [];
  const stretches: { ms: number; owners: Map<string, number> }[] = [];
  let current: { ms: number; owners: Map<string, number> } | null = null;
  samples.forEach((id, index) => {
    const deltaMs = (profile.timeDeltas?.[index] ?? 0) / 1000;
    if (frameOf.get(id)?.functionName === '(idle)') {
      if (current && current.ms >= minMs) stretches.push(current);
      current = null;
      return;
    }
    current ??= { ms: 0, owners: new Map() };
    current.ms += deltaMs;
    const owner = ownerOf(id);
    current.owners.set(owner, (current.owners.get(owner) ?? 0) + deltaMs);
  });
  if (current && (current as { ms: number }).ms >= minMs) stretches.push(current);
  const byOwner = new Map<string, number>();
  let totalMs = 0;
  for (const stretch of stretches) {
    totalMs += stretch.ms;
    for (const [owner, ms] of stretch.owners) byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
  }
  const lengths = stretches.map((stretch) => stretch.ms).sort((a, b) => a - b);
  const longest = lengths.at(-1) ?? 0;
  const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
  return [
    `${stretches.length} busy stretches of >= ${minMs} ms (median ${median.toFixed(0)} ms, longest ${longest.toFixed(0)} ms, ${totalMs.toFixed(0)} ms in all), their time by outermost > innermost product function:`,
    ...[...byOwner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([owner, ms]) =>
          `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / Math.max(totalMs, 1)).toFixed(1).padStart(5)}%  ${owner}`,
      ),
  ];
}
