/**
 * A task run again and again, never two runs at once, each run scheduled from when the one
 * before it started: `delayAfter` gets that run's result and how long it took, so a pace of
 * "every interval" is `interval - took` and one slow run does not push every later one back.
 */
export class PollLoop<Result> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<Result>,
    private readonly delayAfter: (result: Result, tookMs: number) => number,
  ) {}

  start(delayMs = 0): void {
    this.schedule(delayMs);
  }

  /** No run starts any more; resolves when the one under way (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      const started = performance.now();
      this.running = this.task().then((result) => {
        this.running = null;
        this.schedule(Math.max(0, this.delayAfter(result, performance.now() - started)));
      });
    }, delayMs);
    this.timer.unref();
  }
}
