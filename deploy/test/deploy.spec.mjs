// Renders the Kubernetes manifests and reads docker-compose.yml, and checks what
// an operator relies on: probes, limits, non-root, Services that select their
// pods, autoscalers on real Deployments, an Ingress to the gateway.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

const ROOT = new URL('../..', import.meta.url).pathname;
const PROCESSES = ['gateway', 'identity', 'projects', 'documents', 'ai-chat', 'estimates', 'billing', 'blog'];
const hasKubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

/** kubectl kustomize when installed; otherwise the kustomization's resources read with a YAML parser. */
function render(dir) {
  if (hasKubectl) {
    const text = execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8' });
    return parseAllDocuments(text)
      .map((d) => d.toJSON())
      .filter(Boolean);
  }
  const kustomization = parse(readFileSync(join(ROOT, dir, 'kustomization.yaml'), 'utf8'));
  return kustomization.resources.flatMap((resource) => {
    const path = join(ROOT, dir, resource);
    if (!resource.endsWith('.yaml')) return render(join(dir, resource));
    return parseAllDocuments(readFileSync(path, 'utf8'))
      .map((d) => d.toJSON())
      .filter(Boolean);
  });
}

const matches = (selector, labels) => Object.entries(selector).every(([k, v]) => labels?.[k] === v);

for (const dir of ['deploy/k8s/base', 'deploy/k8s/overlays/local']) {
  describe(`kubernetes manifests: ${dir}`, () => {
    const objects = render(dir);
    const of = (kind) => objects.filter((o) => o.kind === kind);

    it('has a Deployment for the gateway and every service', () => {
      assert.deepEqual(
        of('Deployment')
          .map((d) => d.metadata.name)
          .sort(),
        [...PROCESSES].sort(),
      );
    });

    for (const deployment of of('Deployment')) {
      const name = deployment.metadata.name;
      const pod = deployment.spec.template;
      it(`${name}: every container has startup, liveness and readiness probes, requests and limits`, () => {
        for (const container of pod.spec.containers) {
          for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
            assert.ok(container[probe], `${name} ${probe}`);
          for (const kind of ['requests', 'limits']) {
            assert.ok(container.resources?.[kind]?.cpu && container.resources?.[kind]?.memory, `${name} ${kind}`);
          }
        }
      });
      it(`${name}: runs as non-root`, () => {
        assert.equal(pod.spec.securityContext?.runAsNonRoot, true);
      });
      it(`${name}: a Service selects its pods on a port the container opens`, () => {
        const service = of('Service').find((s) => matches(s.spec.selector ?? {}, pod.metadata.labels));
        assert.ok(service, `no Service selects ${name}`);
        const ports = pod.spec.containers.flatMap((c) => c.ports ?? []);
        for (const port of service.spec.ports) {
          assert.ok(
            ports.some((p) => p.name === port.targetPort || p.containerPort === port.targetPort),
            `${name}: Service port ${port.name} targets nothing`,
          );
        }
      });
    }

    it('autoscales the gateway, documents and ai-chat Deployments', () => {
      const deployments = new Set(of('Deployment').map((d) => d.metadata.name));
      const targets = of('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
      assert.deepEqual([...targets].sort(), ['ai-chat', 'documents', 'gateway']);
      for (const target of targets) assert.ok(deployments.has(target));
    });

    it('has a PodDisruptionBudget selecting each Deployment', () => {
      for (const deployment of of('Deployment')) {
        assert.ok(
          of('PodDisruptionBudget').some((p) =>
            matches(p.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
          ),
          deployment.metadata.name,
        );
      }
    });

    it('routes the Ingress to the gateway Service', () => {
      const [ingress] = of('Ingress');
      const backend = ingress.spec.rules[0].http.paths[0].backend.service;
      const service = of('Service').find((s) => s.metadata.name === backend.name);
      assert.ok(service && matches(service.spec.selector, { 'app.kubernetes.io/name': 'gateway' }));
    });
  });
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });

  it('runs postgres, nats with JetStream, minio, every service and the gateway, each with a health check', () => {
    for (const name of ['postgres', 'nats', 'minio', ...PROCESSES]) {
      assert.ok(compose.services[name], name);
      assert.ok(compose.services[name].healthcheck?.test, `${name} health check`);
    }
    assert.ok(compose.services.nats.command.includes('-js'));
  });

  it('starts things after what they depend on is healthy, and every dependency exists', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, condition] of Object.entries(service.depends_on ?? {})) {
        assert.ok(compose.services[dependency], `${name} depends on missing ${dependency}`);
        assert.equal(condition.condition, 'service_healthy');
      }
    }
    for (const p of PROCESSES.filter((p) => p !== 'gateway')) {
      assert.ok(compose.services.gateway.depends_on[p], `gateway waits for ${p}`);
    }
    assert.ok(compose.services.gateway.environment.NATS_URL, 'the gateway hears security events');
  });

  it('gives each service its own database and builds it from the one Dockerfile', () => {
    const urls = PROCESSES.filter((p) => p !== 'gateway').map((p) => compose.services[p].environment.DATABASE_URL);
    assert.equal(new Set(urls).size, urls.length);
    for (const p of PROCESSES.filter((p) => p !== 'gateway')) assert.equal(compose.services[p].build.args.SERVICE, p);
    assert.equal(dirname(join(ROOT, compose.services.gateway.build.context, 'Dockerfile')), ROOT.replace(/\/$/, ''));
  });
});
