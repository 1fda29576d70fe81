/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence everywhere. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('cannot pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}

/** `count` distinct integers of [0, size), in the order drawn. */
export function sampleIndexes(random: Random, size: number, count: number): number[] {
  const wanted = Math.min(size, Math.max(0, count));
  if (wanted * 2 > size) {
    // Dense: a partial Fisher-Yates shuffle.
    const all = Array.from({ length: size }, (_, index) => index);
    for (let index = 0; index < wanted; index += 1) {
      const swap = random.int(index, size - 1);
      [all[index], all[swap]] = [all[swap] as number, all[index] as number];
    }
    return all.slice(0, wanted);
  }
  const chosen = new Set<number>();
  while (chosen.size < wanted) chosen.add(random.int(0, size - 1));
  return [...chosen];
}
