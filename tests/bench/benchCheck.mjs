// npm run bench:check: runs the main benches and compares their performance figures with the
// committed baselines (bench/baselines/<bench>.json): before / now / target per figure, and a
// figure worse than its baseline by more than the baseline's stated margin is marked and fails
// the check (exit 1), as does a bench that fails its own correctness checks.
//
//   npm run bench:check                      run every main bench, compare
//   npm run bench:check -- live              only these benches
//   npm run bench:check -- --update-baseline run, then write the figures as the new baselines
//   npm run bench:check -- --no-run          compare the figures of the latest runs (results/bench-figures)
//
// A bench records its figures with recordFigures (benchBaseline.ts); lower is better for each.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const testsDir = join(here, '..');
const figuresDir = process.env.BENCH_FIGURES_DIR ?? join(testsDir, 'results', 'bench-figures');

/**
 * The main benches: name, spec file (a path, so a worktree named like a bench runs only this one)
 * and the environment it runs with. bench:isolation is one per store, an hour or more each at
 * full scale.
 */
const MAIN_BENCHES = {
  live: { spec: 'bench/live.bench.ts', env: {} },
  'isolation-sqlite': { spec: 'bench/isolation.bench.ts', env: { HALO_BENCH_STORE: 'sqlite' } },
  'isolation-postgres': { spec: 'bench/isolation.bench.ts', env: { HALO_BENCH_STORE: 'pg' } },
};

/**
 * How much worse than its baseline a figure may be before it fails, when the baseline does not
 * say: from bench:live's run-to-run noise on the 2-core machine (see baselines/live.json).
 */
const DEFAULT_MARGIN = 0.5;

const args = process.argv.slice(2);
const update = args.includes('--update-baseline');
const noRun = args.includes('--no-run');
const named = args.filter((arg) => !arg.startsWith('--'));
const benches = named.length > 0 ? named : Object.keys(MAIN_BENCHES);
const unknown = benches.filter((bench) => !(bench in MAIN_BENCHES));
if (unknown.length > 0) {
  console.error(
    `bench:check: no such main bench: ${unknown.join(', ')} (known: ${Object.keys(MAIN_BENCHES).join(', ')})`,
  );
  process.exit(2);
}

const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const baselinePath = (bench) => join(here, 'baselines', `${bench}.json`);
const show = (value, unit) =>
  value === null || value === undefined ? 'n/a' : `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${unit}`;

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(rows[0]),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

/** Compares a run's figures with the baseline's: the rows to print and whether any failed. */
function compare(bench, now, baseline) {
  const margin = baseline?.margin ?? DEFAULT_MARGIN;
  const rows = [['figure', 'before (baseline)', 'now', 'now ÷ before', 'target', 'margin', 'verdict']];
  let failed = false;
  for (const figure of now.figures) {
    const before = baseline?.figures.find((entry) => entry.name === figure.name);
    const ratio = before?.value && figure.value !== null ? figure.value / before.value : null;
    const allowed = before?.margin ?? margin;
    let verdict;
    if (figure.value === null) verdict = 'NOT MEASURED';
    else if (!before || before.value === null) verdict = 'no baseline';
    else if (ratio > 1 + allowed) verdict = `WORSE by ${Math.round((ratio - 1) * 100)} %`;
    else verdict = 'ok';
    if (verdict === 'NOT MEASURED' || verdict.startsWith('WORSE')) failed = true;
    rows.push([
      figure.name,
      show(before?.value, figure.unit),
      show(figure.value, figure.unit),
      ratio === null ? '' : `${ratio.toFixed(2)}×`,
      figure.target === undefined ? '' : `<= ${show(figure.target, figure.unit)}`,
      `+${Math.round(allowed * 100)} %`,
      verdict,
    ]);
  }
  for (const missing of baseline?.figures.filter(
    (entry) => !now.figures.some((figure) => figure.name === entry.name),
  ) ?? []) {
    failed = true;
    rows.push([missing.name, show(missing.value, missing.unit), 'n/a', '', '', '', 'NOT MEASURED']);
  }
  return { rows, failed, margin };
}

let failures = 0;
for (const bench of benches) {
  const started = Date.now();
  let benchFailed = false;
  if (!noRun) {
    const { spec, env } = MAIN_BENCHES[bench];
    const run = spawnSync('npx', ['playwright', 'test', '-c', 'bench.config.ts', spec], {
      cwd: testsDir,
      stdio: 'inherit',
      env: { ...process.env, ...env, BENCH_FIGURES_DIR: figuresDir },
    });
    benchFailed = run.status !== 0;
  }
  const now = readJson(join(figuresDir, `${bench}.json`));
  if (!now || (!noRun && Date.parse(now.at) < started)) {
    console.log(`\nbench:check ${bench}: FAILED, the bench recorded no figures${benchFailed ? ' (it failed)' : ''}`);
    failures += 1;
    continue;
  }
  const baseline = readJson(baselinePath(bench));
  const { rows, failed, margin } = compare(bench, now, baseline);
  const verdict = benchFailed
    ? 'FAILED (the bench failed its correctness checks, above)'
    : failed
      ? 'FAILED (a figure worse than its baseline by more than the margin, or not measured)'
      : baseline
        ? 'passed'
        : 'no baseline yet';
  console.log(
    `\nbench:check ${bench}: baseline of ${baseline?.at ?? 'none'}; margins: ${baseline?.marginWhy ?? `+${margin * 100} % (default)`}\n` +
      `${table(rows)}\n${bench}: ${verdict}\n`,
  );
  if (benchFailed || (failed && !update)) failures += 1;
  if (update && !benchFailed) {
    const written = {
      bench,
      at: now.at,
      margin,
      marginWhy: baseline?.marginWhy ?? 'default',
      // Each figure keeps the margin its noise was measured to need.
      figures: now.figures.map((figure) => {
        const kept = baseline?.figures.find((entry) => entry.name === figure.name)?.margin;
        return kept === undefined ? figure : { ...figure, margin: kept };
      }),
    };
    writeFileSync(baselinePath(bench), `${JSON.stringify(written, null, 2)}\n`);
    console.log(`bench:check ${bench}: baseline written to ${baselinePath(bench)}`);
  }
}
process.exit(failures > 0 ? 1 : 0);
