#!/usr/bin/env node
// `npm test`: each step in turn (type check; lint beside the unit tests; integration tests;
// end-to-end), stopping after the first that fails, then how long each stage took. Stages are npm
// scripts of the root package.
//
// Stages of one step run side by side, their output prefixed by their name. Only stages that
// cannot disturb each other share a step: the linter only reads, and the unit tests need nothing
// the type check builds (they read sources, not dist/) and have no clocks to miss. The
// integration and end-to-end tests run alone: they run on real time and would miss their waits
// on a busy machine, and they read the type check's dist/.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const STEPS = [['typecheck'], ['lint', 'test:unit'], ['test:integration'], ['test:e2e']];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <stage>`; beside others, its output lines carry its name. */
async function run(stage, alone) {
  const started = performance.now();
  const child = spawn(npm, ['run', stage], { stdio: alone ? 'inherit' : ['inherit', 'pipe', 'pipe'] });
  // Its last lines may come after it exits: the stage ends when they are out.
  const outputDone = alone
    ? []
    : [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ].map(([stream, out]) => {
        const lines = createInterface({ input: stream });
        lines.on('line', (line) => out.write(`[${stage}] ${line}\n`));
        return once(lines, 'close');
      });
  const [status, signal] = await once(child, 'close');
  await Promise.all(outputDone);
  return {
    stage,
    seconds: (performance.now() - started) / 1000,
    result: status === 0 ? 'passed' : `failed (${signal ?? status})`,
    status,
  };
}

const runStarted = performance.now();
const timings = [];
let failed = null;
for (const step of STEPS) {
  const results = await Promise.all(step.map((stage) => run(stage, step.length === 1)));
  for (const result of results) timings.push({ ...result, beside: step.filter((stage) => stage !== result.stage) });
  const failure = results.find((result) => result.status !== 0);
  if (failure) {
    failed = failure.status ?? 1;
    break;
  }
}

const stages = STEPS.flat();
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${String(Math.floor(seconds % 60)).padStart(2, '0')} s`;
const width = Math.max(...stages.map((stage) => stage.length), 'total'.length) + 2;
console.log('\nnpm test, by stage:');
for (const { stage, seconds, result, beside } of timings) {
  const alongside = beside.length > 0 ? `  (beside ${beside.join(', ')})` : '';
  console.log(`  ${stage.padEnd(width)} ${minutes(seconds).padStart(14)}  ${result}${alongside}`);
}
for (const stage of stages.slice(timings.length)) console.log(`  ${stage.padEnd(width)} ${'not run'.padStart(14)}`);
console.log(`  ${'total'.padEnd(width)} ${minutes((performance.now() - runStarted) / 1000).padStart(14)}`);
process.exit(failed ?? 0);
