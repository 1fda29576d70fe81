import { API, API_BASE, decodeHistory, pathOf, type HeatSightHistory } from '@halo/shared';

/** What asking the samples endpoint again and again gave: each ask's time, the last answer and its size. */
export interface Asked {
  readonly times: number[];
  readonly bytes: number;
  readonly history: HeatSightHistory;
}

/** Asks the HeatSight samples endpoint of `origin` (a gateway or a provider) once to warm up, then `asks` times, timed. */
export async function askSamples(
  origin: string,
  headers: Record<string, string>,
  environmentId: number,
  query: Record<string, string>,
  asks: number,
): Promise<Asked> {
  const url = `${origin}${API_BASE}${pathOf(API.heatSight.samples, { environmentId })}?${new URLSearchParams(query).toString()}`;
  const times: number[] = [];
  let last: ArrayBuffer | null = null;
  for (let ask = -1; ask < asks; ask += 1) {
    const started = performance.now();
    const answer = await fetch(url, { headers });
    const body = await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`samples answered ${answer.status}: ${new TextDecoder().decode(body)}`);
    if (ask >= 0) times.push(performance.now() - started);
    last = body;
  }
  if (!last) throw new Error('no answer');
  return { times, bytes: last.byteLength, history: decodeHistory(last) };
}
