/**
 * Where outbound deliveries (alarm webhooks, satcom forwarding) run, so that no target holds
 * another (issue 37): each target has a lane of its own, its deliveries one after another, and
 * targets run side by side. A tenant (store/environments.ts, TenantTree) has at most `perTenant`
 * deliveries running at once and all tenants together `total`; a delivery waiting for room is
 * served by tenant in turn, so a tenant with many slow targets fills its own share, not everyone's.
 * Each delivery has its own deadline (net/outboundCall.ts), so a slot is never held for long.
 */
export interface DeliveryLimits {
  /** Deliveries running at once, all tenants together (HALO_DELIVERY_CONCURRENCY). */
  readonly total: number;
  /** Deliveries of one tenant running at once (HALO_DELIVERY_TENANT_CONCURRENCY). */
  readonly perTenant: number;
}

interface Waiting {
  readonly start: () => void;
}

export class DeliveryLanes {
  /** Targets with a delivery running or waiting, and the promise of the last one queued. */
  private readonly lanes = new Map<string, Promise<unknown>>();
  private readonly runningByTenant = new Map<number, number>();
  /** Deliveries waiting for room, by tenant (in the order the tenants came). */
  private readonly waiting = new Map<number, Waiting[]>();
  /** When each tenant last started a delivery (a count of starts), to serve the one served longest ago first. */
  private readonly served = new Map<number, number>();
  private starts = 0;
  private runningCount = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly limits: DeliveryLimits) {}

  /** Deliveries running now. */
  get running(): number {
    return this.runningCount;
  }

  /** Whether `target` has a delivery running or waiting: a run that finds it so leaves it to that one. */
  holds(target: string): boolean {
    return this.lanes.has(target);
  }

  /**
   * Runs `deliver` in `target`'s lane once the target's previous delivery is done and the
   * tenant's share and the total allow; answers what it answers.
   */
  run<T>(tenant: number, target: string, deliver: () => Promise<T>): Promise<T> {
    const previous = this.lanes.get(target) ?? Promise.resolve();
    const delivery = previous
      .catch(() => undefined)
      .then(() => this.room(tenant))
      .then(async () => {
        try {
          return await deliver();
        } finally {
          this.release(tenant);
        }
      });
    const last = delivery.catch(() => undefined);
    this.lanes.set(target, last);
    void last.then(() => {
      // The lane ends with its last delivery; a later one starts a new lane.
      if (this.lanes.get(target) === last) this.lanes.delete(target);
      this.settleIdle();
    });
    return delivery;
  }

  /** Resolves once no delivery runs or waits. */
  idle(): Promise<void> {
    if (this.lanes.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Resolves when the tenant may start one more delivery (and counts it as running). */
  private room(tenant: number): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(tenant) ?? [];
      queue.push({ start: resolve });
      this.waiting.set(tenant, queue);
      this.dispatch();
    });
  }

  private release(tenant: number): void {
    this.runningCount -= 1;
    const left = (this.runningByTenant.get(tenant) ?? 1) - 1;
    if (left > 0) this.runningByTenant.set(tenant, left);
    else this.runningByTenant.delete(tenant);
    this.dispatch();
  }

  /**
   * Starts waiting deliveries while there is room: of the tenants below their share, the one
   * that started a delivery longest ago goes first.
   */
  private dispatch(): void {
    while (this.runningCount < this.limits.total) {
      let chosen: number | undefined;
      for (const tenant of this.waiting.keys()) {
        if ((this.runningByTenant.get(tenant) ?? 0) >= this.limits.perTenant) continue;
        if (chosen === undefined || (this.served.get(tenant) ?? -1) < (this.served.get(chosen) ?? -1)) chosen = tenant;
      }
      if (chosen === undefined) return;
      const queue = this.waiting.get(chosen) ?? [];
      const next = queue.shift();
      if (queue.length === 0) this.waiting.delete(chosen);
      if (!next) continue;
      this.served.set(chosen, (this.starts += 1));
      this.runningCount += 1;
      this.runningByTenant.set(chosen, (this.runningByTenant.get(chosen) ?? 0) + 1);
      next.start();
    }
  }

  private settleIdle(): void {
    if (this.lanes.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
