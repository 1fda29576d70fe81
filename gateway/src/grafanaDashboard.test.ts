import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExposition } from '@halo/shared/metrics';
import { launchEmbeddedProvider, type EmbeddedProvider } from './embeddedProvider.js';
import { freePort } from './testing/freePort.js';
import { startTestGateway, type TestGateway } from './testing/testGateway.js';

/**
 * deploy/grafana/halo-console.json names only series the product exports: every PromQL query's
 * metric names are looked up in the /metrics of a running provider (the built one, a real
 * process on SQLite) and of a gateway in front of it.
 */
const DASHBOARD_FILE = fileURLToPath(new URL('../../deploy/grafana/halo-console.json', import.meta.url));

interface Panel {
  readonly title?: string;
  readonly targets?: readonly { readonly expr?: string }[];
  readonly panels?: readonly Panel[];
}
interface Dashboard {
  readonly panels: readonly Panel[];
  readonly templating?: { readonly list: readonly { readonly query?: unknown; readonly definition?: string }[] };
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads: its identifiers less functions, label lists, keywords. */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // label lists
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\$\{?\w+\}?/g, ''); // Grafana variables
  const names = [...bare.matchAll(/(?<![\w:.])([A-Za-z_:][\w:]*)(\s*\()?/g)]
    .filter((match) => match[2] === undefined)
    .map((match) => match[1] as string)
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
  return [...new Set(names)];
}

/** Every query of the dashboard (panels, rows' panels, template variables), with where it is. */
function queriesOf(dashboard: Dashboard): { readonly where: string; readonly expr: string }[] {
  const queries: { where: string; expr: string }[] = [];
  const visit = (panels: readonly Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? [])
        if (target.expr) queries.push({ where: panel.title ?? '?', expr: target.expr });
      visit(panel.panels ?? []);
    }
  };
  visit(dashboard.panels);
  for (const variable of dashboard.templating?.list ?? []) {
    const inner = /label_values\(\s*([A-Za-z_:][A-Za-z0-9_:]*)/.exec(variable.definition ?? '');
    if (inner?.[1]) queries.push({ where: 'variable', expr: inner[1] });
  }
  return queries;
}

/** The series names a /metrics answer offers: its samples, and each declared family's own series. */
function seriesOf(text: string): Set<string> {
  const names = new Set(parseExposition(text).map((sample) => sample.name));
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    else if (type === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(`${name}${suffix}`);
    else names.add(name as string);
  }
  return names;
}

/** Queries naming a series none of `exported` has, as `panel: name`. */
function unknownSeries(dashboard: Dashboard, exported: ReadonlySet<string>): string[] {
  return queriesOf(dashboard).flatMap(({ where, expr }) =>
    metricNamesOf(expr)
      .filter((name) => !exported.has(name))
      .map((name) => `${where}: ${name}`),
  );
}

let provider: EmbeddedProvider;
let gateway: TestGateway;
let dataDir: string;
let exported: Set<string>;
const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'halo-dashboard-'));
  provider = launchEmbeddedProvider({
    port: await freePort(),
    env: {
      ...process.env,
      HALO_DATA_DIR: dataDir,
      HALO_ADMIN_PASSWORD: 'Admin-Passw0rd!',
      HALO_SIM_DEVICES: '0',
      HALO_LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  await provider.ready;
  gateway = await startTestGateway(provider.target);
  // A request through each, so the per-route series hold samples as well as their declaration.
  await fetch(`${gateway.url}/api/v1/server_clock`);
  const providerOrigin = new URL(provider.target.apiBaseUrl).origin;
  const texts = await Promise.all(
    [`${providerOrigin}/metrics`, `${gateway.url}/metrics`].map(async (url) => (await fetch(url)).text()),
  );
  exported = new Set(texts.flatMap((text) => [...seriesOf(text)]));
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await provider?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the Grafana dashboard', () => {
  it('names only series a running provider and gateway export', () => {
    const queries = queriesOf(dashboard);
    expect(queries.length).toBeGreaterThan(20);
    expect(unknownSeries(dashboard, exported)).toEqual([]);
    // It covers both processes' latency per route and event-loop delay.
    const named = new Set(queries.flatMap(({ expr }) => metricNamesOf(expr)));
    for (const name of [
      'halo_provider_http_request_duration_seconds_bucket',
      'halo_gateway_http_request_duration_seconds_bucket',
      'halo_provider_event_loop_delay_seconds_bucket',
      'halo_gateway_event_loop_delay_seconds_bucket',
      'halo_provider_process_resident_memory_bytes',
    ]) {
      expect(named, name).toContain(name);
    }
  });

  it('would name a panel whose series does not exist', () => {
    const broken: Dashboard = {
      panels: [
        ...dashboard.panels,
        {
          title: 'Typo',
          targets: [{ expr: 'histogram_quantile(0.99, sum by (le) (rate(halo_gateway_poll_durations_bucket[5m])))' }],
        },
      ],
    };
    expect(unknownSeries(broken, exported)).toEqual(['Typo: halo_gateway_poll_durations_bucket']);
  });

  it('reads metric names out of PromQL, not functions, labels or keywords', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (le, route) (rate(halo_x_bucket{job=~"$job", route!="a b"}[$__rate_interval]))) / on (instance) group_left halo_y offset 5m',
      ).sort(),
    ).toEqual(['halo_x_bucket', 'halo_y']);
  });
});
