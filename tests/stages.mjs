#!/usr/bin/env node
// `npm test`: each stage in turn (typecheck, lint, unit, end-to-end), stopping at the first that
// fails, then how long each took. Stages are npm scripts of the root package.
import { spawnSync } from 'node:child_process';

const STAGES = ['typecheck', 'lint', 'test:unit', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const timings = [];
let failed = null;
for (const stage of STAGES) {
  const started = performance.now();
  const { status, signal } = spawnSync(npm, ['run', stage], { stdio: 'inherit' });
  const ok = status === 0;
  timings.push({
    stage,
    seconds: (performance.now() - started) / 1000,
    result: ok ? 'passed' : `failed (${signal ?? status})`,
  });
  if (!ok) {
    failed = status ?? 1;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.floor(seconds % 60)).padStart(2, '0')} s`;
const width = Math.max(...STAGES.map((stage) => stage.length), 'total'.length) + 2;
const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
console.log('\nnpm test, by stage:');
for (const { stage, seconds, result } of timings)
  console.log(`  ${stage.padEnd(width)} ${minutes(seconds).padStart(14)}  ${result}`);
for (const stage of STAGES.slice(timings.length)) console.log(`  ${stage.padEnd(width)} ${'not run'.padStart(14)}`);
console.log(`  ${'total'.padEnd(width)} ${minutes(total).padStart(14)}`);
process.exit(failed ?? 0);
