import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The performance figures a bench hands to `npm run bench:check` (benchCheck.mjs), which
 * compares them with the committed baseline (bench/baselines/<bench>.json). Lower is better
 * for every figure recorded; a target, when given, is printed beside it.
 */
export interface BenchFigure {
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  readonly target?: number;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Where the figures of the latest run go: BENCH_FIGURES_DIR (bench:check sets it), else results/bench-figures. */
export const figuresDir = () => process.env.BENCH_FIGURES_DIR ?? join(here, '..', 'results', 'bench-figures');

/** Writes this run's figures of `bench` for bench:check (a figure that could not be measured is null). */
export function recordFigures(bench: string, figures: readonly BenchFigure[]): void {
  const dir = figuresDir();
  mkdirSync(dir, { recursive: true });
  const body = {
    bench,
    at: new Date().toISOString(),
    figures: figures.map((figure) => ({ ...figure, value: Number.isFinite(figure.value) ? figure.value : null })),
  };
  writeFileSync(join(dir, `${bench}.json`), `${JSON.stringify(body, null, 2)}\n`);
}
