/**
 * A read of the upstream that many events may ask for (alarm counts, alarm changes): one at a
 * time, at most once per `minIntervalMs`, and once more after the one under way when asked
 * meanwhile, so a burst of events is one read and none is lost after the last.
 */
export class CoalescedRead {
  private askedAt = 0;
  private running = false;
  private due = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly minIntervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the last read began (epoch ms; 0: never). */
  get lastAskedAt(): number {
    return this.askedAt;
  }

  /** Asks for a read: now, after the interval since the last one, or after the one under way. */
  request(): void {
    if (this.closed) return;
    if (this.running || this.timer) {
      this.due = true;
      return;
    }
    const wait = Math.max(0, this.askedAt + this.minIntervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, wait);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    this.running = true;
    this.due = false;
    this.askedAt = this.now();
    // `read` reports its own failures; one that throws still lets the next read run.
    void this.read()
      .catch(() => undefined)
      .finally(() => {
        this.running = false;
        if (this.due) this.request();
      });
  }
}
