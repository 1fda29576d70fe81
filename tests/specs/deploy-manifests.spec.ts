import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../fixtures/stack';

/**
 * The Kubernetes manifests under deploy/kubernetes: every document validates against the
 * Kubernetes schemas (kubernetes-models, generated from the Kubernetes OpenAPI), and what they
 * point at exists: Services and the PodDisruptionBudget select a Deployment's pods, probes and
 * Services name ports the containers declare, every ConfigMap and Secret key they read is there.
 */
const DIRECTORY = join(REPO_ROOT, 'deploy', 'kubernetes');

interface Manifest {
  readonly file: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly labels?: Record<string, string> };
  readonly [key: string]: unknown;
}

function manifests(): Manifest[] {
  return readdirSync(DIRECTORY)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(DIRECTORY, file), 'utf8')).map((document) => {
        expect(document.errors, `${file}: YAML errors`).toEqual([]);
        return { file, ...(document.toJS() as Omit<Manifest, 'file'>) } as Manifest;
      }),
    );
}

/** The kubernetes-models class for an apiVersion and kind, e.g. apps/v1 Deployment. */
async function modelOf(apiVersion: string, kind: string) {
  const path = apiVersion.includes('/') ? apiVersion : `v1`;
  const module = (await import(`kubernetes-models/${path}`)) as Record<
    string,
    new (value: unknown) => { validate(): void }
  >;
  const model = module[kind];
  if (!model) throw new Error(`no Kubernetes model for ${apiVersion} ${kind}`);
  return model;
}

type Pods = { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
interface Container {
  name: string;
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
}

const podsOf = (manifest: Manifest) => (manifest.spec as { template: Pods }).template;
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

test('every Kubernetes manifest validates against the Kubernetes schemas', async () => {
  const all = manifests();
  expect(all.map((manifest) => manifest.kind).sort()).toEqual(
    [
      'ConfigMap',
      'Deployment',
      'Deployment',
      'Ingress',
      'PersistentVolumeClaim',
      'PodDisruptionBudget',
      'Secret',
      'Service',
      'Service',
    ].sort(),
  );
  for (const manifest of all) {
    const { file, ...value } = manifest;
    const Model = await modelOf(manifest.apiVersion, manifest.kind);
    expect(() => new Model(value).validate(), `${file}: ${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
  }
  // The validator refuses what Kubernetes would: a port given as a word.
  const Deployment = await modelOf('apps/v1', 'Deployment');
  const gateway = all.find((manifest) => manifest.metadata.name === 'halo-gateway' && manifest.kind === 'Deployment')!;
  const broken = structuredClone(gateway) as unknown as { spec: { template: Pods } };
  broken.spec.template.spec.containers[0]!.ports = [{ name: 'http', containerPort: 'eighty' as unknown as number }];
  expect(() => new Deployment(broken).validate()).toThrow(/containerPort must be integer/);
});

test('the manifests point at what exists: pods, ports, configuration and secrets', () => {
  const all = manifests();
  const deployments = all.filter((manifest) => manifest.kind === 'Deployment');
  const configMaps = new Map(
    all.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, m.data as Record<string, string>]),
  );
  const secrets = new Map(
    all.filter((m) => m.kind === 'Secret').map((m) => [m.metadata.name, m.stringData as Record<string, string>]),
  );
  const podsSelected = (selector: Record<string, string>) =>
    deployments.filter((deployment) => selects(selector, podsOf(deployment).metadata.labels));

  for (const deployment of deployments) {
    const pods = podsOf(deployment);
    const matchLabels = (deployment.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
    expect(selects(matchLabels, pods.metadata.labels), `${deployment.metadata.name} selects its own pods`).toBe(true);
    for (const container of pods.spec.containers) {
      const ports = new Set((container.ports ?? []).map((port) => port.name));
      // Readiness and liveness on the endpoints the product documents, on a declared port.
      expect(container.readinessProbe?.httpGet?.path, `${deployment.metadata.name}: readiness`).toBe('/readyz');
      expect(container.livenessProbe?.httpGet?.path, `${deployment.metadata.name}: liveness`).toBe('/healthz');
      for (const probe of [container.readinessProbe, container.livenessProbe])
        expect(ports.has(String(probe?.httpGet?.port))).toBe(true);
      for (const source of container.envFrom ?? [])
        if (source.configMapRef) expect(configMaps.has(source.configMapRef.name)).toBe(true);
      for (const variable of container.env ?? []) {
        const reference = variable.valueFrom?.secretKeyRef;
        if (reference)
          expect(Object.keys(secrets.get(reference.name) ?? {}), `${variable.name} from ${reference.name}`).toContain(
            reference.key,
          );
      }
    }
  }
  for (const service of all.filter((manifest) => manifest.kind === 'Service')) {
    const spec = service.spec as { selector: Record<string, string>; ports: { targetPort: string }[] };
    const [target] = podsSelected(spec.selector);
    expect(target, `Service ${service.metadata.name} selects a Deployment's pods`).toBeDefined();
    const declared = new Set(podsOf(target!).spec.containers.flatMap((c) => (c.ports ?? []).map((p) => p.name)));
    for (const port of spec.ports) expect(declared.has(port.targetPort)).toBe(true);
  }
  const budget = all.find((manifest) => manifest.kind === 'PodDisruptionBudget')!;
  const budgetSpec = budget.spec as { minAvailable: number; selector: { matchLabels: Record<string, string> } };
  const [guarded] = podsSelected(budgetSpec.selector.matchLabels);
  expect(guarded?.metadata.name).toBe('halo-gateway');
  expect(budgetSpec.minAvailable).toBeLessThan((guarded!.spec as { replicas: number }).replicas);
  // The provider's UPSTREAM_URL in the configuration names its Service and port.
  const upstream = new URL(configMaps.get('halo-config')!.UPSTREAM_URL!);
  const provider = all.find((manifest) => manifest.kind === 'Service' && manifest.metadata.name === upstream.hostname);
  expect((provider?.spec as { ports: { port: number }[] }).ports.map((port) => port.port)).toContain(
    Number(upstream.port),
  );
});
