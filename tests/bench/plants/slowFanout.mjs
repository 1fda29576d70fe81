// A planted fault for bench:live (BENCH_PLANT_FANOUT_DELAY_MS): loaded into the gateway with
// NODE_OPTIONS=--import, it makes every delta's fan-out wait that long (busy, on the event loop,
// as a slow piece of code in the fan-out would) before sending. It shows that bench:check fails
// when the fan-out gets slower; the product's code is untouched. Never set outside that check.
const delayMs = Number(process.env.BENCH_PLANT_FANOUT_DELAY_MS ?? 0);
if (delayMs > 0) {
  // The same module URL the gateway imports, so the same class.
  const { DevicesRoom } = await import(
    new URL('../../../gateway/dist/live/fanout/devicesRoom.js', import.meta.url).href
  );
  const broadcastDelta = DevicesRoom.prototype.broadcastDelta;
  DevicesRoom.prototype.broadcastDelta = function plantedSlowBroadcast(...args) {
    const until = performance.now() + delayMs;
    while (performance.now() < until) {
      // busy, as slow code would be
    }
    return broadcastDelta.apply(this, args);
  };
}
