import type { Page } from '@playwright/test';

/** What the browser benchmarks record in the page: User Timing, socket messages, long frames. */

export interface TimedEntry {
  readonly name: string;
  readonly start: number;
  readonly duration: number;
  readonly detail?: unknown;
}

declare global {
  interface Window {
    __frames?: number[];
    __framesRunning?: boolean;
    /** User Timing measures, WebSocket message handlers and long animation frames, as they happen. */
    __timings?: TimedEntry[];
  }
}

/**
 * Before the app loads: collects every User Timing measure (the app keeps only the latest of
 * each), times every WebSocket message handler (frame decoding, JSON parsing and the app's
 * handler: a delta's whole cost on arrival) and records long animation frames and long tasks.
 */
export function collectTimings() {
  const timings: TimedEntry[] = [];
  window.__timings = timings;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      timings.push({
        name: entry.name,
        start: entry.startTime,
        duration: entry.duration,
        detail: (entry as PerformanceMeasure).detail,
      });
  }).observe({ type: 'measure' });
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // What the frame spent its time on: scripts (by what invoked them), then style, layout and paint.
        const frame = entry as PerformanceEntry & {
          renderStart: number;
          styleAndLayoutStart: number;
          scripts: readonly { invoker: string; duration: number; sourceURL: string }[];
        };
        timings.push({
          name: 'long-animation-frame',
          start: entry.startTime,
          duration: entry.duration,
          detail: {
            scripts: frame.scripts.map((script) => ({
              invoker: script.invoker,
              duration: script.duration,
              source: script.sourceURL.split('/').pop(),
            })),
            render: frame.renderStart > 0 ? entry.startTime + entry.duration - frame.renderStart : 0,
            styleAndLayout:
              frame.styleAndLayoutStart > 0 ? entry.startTime + entry.duration - frame.styleAndLayoutStart : 0,
          },
        });
      }
    }).observe({ type: 'long-animation-frame' });
  }
  if (PerformanceObserver.supportedEntryTypes.includes('longtask')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        timings.push({ name: 'longtask', start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
  }
  const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  if (!onmessage?.set || !onmessage.get) return;
  const { get, set } = onmessage;
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    enumerable: true,
    get(this: WebSocket) {
      return get.call(this) as unknown;
    },
    set(this: WebSocket, handler: ((this: WebSocket, event: MessageEvent) => unknown) | null) {
      set.call(
        this,
        handler &&
          function (this: WebSocket, event: MessageEvent) {
            const start = performance.now();
            try {
              return handler.call(this, event);
            } finally {
              timings.push({ name: 'websocket-message', start, duration: performance.now() - start });
            }
          },
      );
    },
  });
}

/** Records the interval between animation frames until stopped. */
export async function startFrames(page: Page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__framesRunning = true;
    let last = performance.now();
    const tick = (now: number) => {
      window.__frames?.push(now - last);
      last = now;
      if (window.__framesRunning) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    window.__framesRunning = false;
    return window.__frames ?? [];
  });
}
