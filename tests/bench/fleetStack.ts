import { apiPaths, API_BASE } from '@halo/shared';
import { startStack, type Stack } from '../fixtures/stack';

/** A stack (gateway and embedded provider) whose simulator runs a large fleet, once every device exists. */
export async function startFleetStack(
  name: string,
  devices: number,
  changeFraction: string,
  extraEnv: Record<string, string> = {},
): Promise<Stack> {
  const stack = await startStack({
    HALO_E2E_STACK: name,
    HALO_SIM_DEVICES: String(devices),
    HALO_SIM_CHANGE_FRACTION: changeFraction,
    // A 100,000-device snapshot is tens of MB: above the gateway's default 8 MB per-socket buffer.
    HALO_SOCKET_BUFFER_BYTES: String(512 * 1024 * 1024),
    // The first full poll of a fleet this size takes longer than the default 5 s time-out here.
    HALO_POLL_TIMEOUT_MS: process.env.BENCH_POLL_TIMEOUT_MS ?? '120000',
    // So can the list of all devices through the API proxy on a busy machine (default 30 s).
    HALO_UPSTREAM_TIMEOUT_MS: process.env.BENCH_UPSTREAM_TIMEOUT_MS ?? '120000',
    ...extraEnv,
  });
  try {
    await waitForFleet(stack.baseURL, stack.adminPassword, devices);
    return stack;
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** The root manager's Authorization header and environment, logged in through the API. */
export async function adminSession(baseURL: string, password: string) {
  const login = await fetch(`${baseURL}${API_BASE}${apiPaths.auth.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, environment_name: 'root' }),
  });
  const session = (await login.json()) as {
    token: { access_token: string; token_type: string };
    environment_id: number;
  };
  return {
    headers: { Authorization: `${session.token.token_type} ${session.token.access_token}` },
    environmentId: session.environment_id,
  };
}

async function waitForFleet(baseURL: string, password: string, devices: number) {
  const { headers, environmentId } = await adminSession(baseURL, password);
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const answer = await fetch(`${baseURL}${API_BASE}${apiPaths.devices.list(environmentId)}`, { headers });
    const body = (await answer.json()) as { devices?: unknown[] };
    const count = body.devices?.length ?? 0;
    if (count >= devices) return;
    if (Date.now() > deadline) throw new Error(`only ${count} of ${devices} devices after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
