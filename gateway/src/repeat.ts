import { log } from './log.js';
export interface Repeating {
  stop(): void;
}

/**
 * Runs `task` now (unless told otherwise) and again `delayMs()` after each run ends, so runs
 * never overlap however slow the upstream is. Errors are the task's to handle; a throw is logged.
 */
export function repeat(
  task: () => Promise<unknown>,
  delayMs: () => number,
  { immediately = true }: { immediately?: boolean } = {},
): Repeating {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(run, delay);
    timer.unref();
  };
  const run = () => {
    task()
      .catch((error: unknown) => log.error({ err: error }, 'background task failed'))
      .finally(() => schedule(delayMs()));
  };
  if (immediately) run();
  else schedule(delayMs());
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
