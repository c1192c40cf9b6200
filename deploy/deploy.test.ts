import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import * as models from 'kubernetes-models'
import { health, ready } from '@mouthpiece/contracts/system/system.contract'
import { CONFIG_KEYS, loadConfig } from '../apps/server/src/platform/config'
import { kubernetesPool } from '../apps/server/src/modules/operations/pools/kubernetes-pool'
import { renderChart } from './helm/render'
import type { Rendered } from './helm/render'

const root = path.resolve(import.meta.dirname, '..')
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8')

/** Every variable the server reads: the platform's (config.ts) and each module's own (modules/*\/*.config.ts). */
const modulesDir = 'apps/server/src/modules'
const SETTINGS = new Set([
  ...CONFIG_KEYS,
  ...fs
    .readdirSync(path.join(root, modulesDir))
    .map((m) => `${modulesDir}/${m}/${m}.config.ts`)
    .filter((f) => fs.existsSync(path.join(root, f)))
    .flatMap((f) => [...read(f).matchAll(/^\s+([A-Z][A-Z0-9_]+): z\./gm)].map((m) => m[1]!)),
])

type Obj = Rendered['object']
type Container = {
  name: string
  env?: Array<{ name: string; value?: string }>
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>
  livenessProbe?: { httpGet?: { path: string } }
  readinessProbe?: { httpGet?: { path: string } }
  startupProbe?: { httpGet?: { path: string } }
}
type PodSpec = {
  containers: Container[]
  serviceAccountName?: string
  automountServiceAccountToken?: boolean
}

/** The kubernetes-models class for an object's apiVersion and kind (its JSON schema validates it). */
function modelOf(o: Obj): { new (data: object): { validate(): void } } {
  // The package names a group in camel case: networking.k8s.io → networkingK8sIo.
  const group = o.apiVersion.includes('/')
    ? o.apiVersion
        .split('/')[0]!
        .split('.')
        .map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w))
        .join('')
    : ''
  const version = o.apiVersion.split('/').pop()!
  const ns = (group ? (models as Record<string, unknown>)[group] : models) as Record<string, unknown>
  const cls = (ns?.[version] as Record<string, unknown> | undefined)?.[o.kind]
  if (!cls) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`)
  return cls as never
}

const find = (objs: Rendered[], kind: string, name?: string) =>
  objs
    .filter((r) => r.object.kind === kind && (!name || r.object.metadata.name === name))
    .map((r) => r.object)
const podSpec = (o: Obj) => (o as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec

describe('the Helm chart (deploy/helm/mouthpiece)', () => {
  const objects = renderChart()
  const api = find(objects, 'Deployment', 'mp-mouthpiece-api')[0]!
  const worker = find(objects, 'Deployment', 'mp-mouthpiece-worker')[0]!
  const configMap = find(objects, 'ConfigMap')[0] as Obj & { data: Record<string, string> }

  it('renders objects that each pass the Kubernetes API schema of their kind', () => {
    expect(objects.map((r) => r.object.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Job',
      'PodDisruptionBudget',
      'PodDisruptionBudget',
      'Role',
      'RoleBinding',
      'Secret',
      'Service',
      'ServiceAccount',
    ])
    for (const { source, object } of objects) {
      const Model = modelOf(object)
      expect(() => new Model(object).validate(), `${source}: ${object.kind}`).not.toThrow()
    }
  })

  it('probes the API at its real liveness and readiness routes', () => {
    const [c] = podSpec(api).containers
    expect(c!.livenessProbe?.httpGet?.path).toBe(health.path)
    expect(c!.startupProbe?.httpGet?.path).toBe(health.path)
    expect(c!.readinessProbe?.httpGet?.path).toBe(ready.path)
  })

  it('lets the instances screen get and patch the worker Deployment’s scale, and nothing else', () => {
    expect(configMap.data.INSTANCES_PROVIDER).toBe('kubernetes')
    expect(configMap.data.INSTANCES_POOL_ID).toBe(worker.metadata.name)
    const role = find(objects, 'Role')[0] as Obj & { rules: unknown[] }
    expect(role.rules).toEqual([
      {
        apiGroups: ['apps'],
        resources: ['deployments/scale'],
        resourceNames: [worker.metadata.name],
        verbs: ['get', 'patch'],
      },
    ])
    const binding = find(objects, 'RoleBinding')[0] as Obj & {
      roleRef: { name: string }
      subjects: Array<{ name: string }>
    }
    expect(binding.roleRef.name).toBe(role.metadata.name)
    // The API processes run the instances screen; workers get no token at all.
    expect(binding.subjects.map((s) => s.name)).toEqual([podSpec(api).serviceAccountName])
    expect(podSpec(worker).automountServiceAccountToken).toBe(false)
  })

  it('sets only environment variables the server reads, and each role its MODE', () => {
    const secret = find(objects, 'Secret')[0] as Obj & { stringData: Record<string, string> }
    const names = [
      ...Object.keys(configMap.data),
      ...Object.keys(secret.stringData),
      ...[api, worker, find(objects, 'Job')[0]!].flatMap((o) =>
        podSpec(o).containers.flatMap((c) => (c.env ?? []).map((e) => e.name)),
      ),
    ]
    expect(names.filter((n) => !SETTINGS.has(n))).toEqual([])
    const mode = (o: Obj) => podSpec(o).containers[0]!.env?.find((e) => e.name === 'MODE')?.value
    expect([mode(api), mode(worker), mode(find(objects, 'Job')[0]!)]).toEqual(['serve', 'work', 'migrate'])
    // Unset secrets are left out rather than set empty.
    expect(secret.stringData).not.toHaveProperty('STRIPE_SECRET_KEY')
  })

  it('migrates in a hook before install and upgrade, after its settings exist', () => {
    const hook = (o: Obj) => (o.metadata as { annotations?: Record<string, string> }).annotations ?? {}
    const job = find(objects, 'Job')[0]!
    expect(hook(job)['helm.sh/hook']).toBe('pre-install,pre-upgrade')
    for (const o of [configMap, find(objects, 'Secret')[0]!]) {
      expect(hook(o)['helm.sh/hook']).toBe('pre-install,pre-upgrade')
      expect(Number(hook(o)['helm.sh/hook-weight'])).toBeLessThan(Number(hook(job)['helm.sh/hook-weight']))
    }
  })

  it('keeps sockets and the overlay stream open through the Ingress', () => {
    const ingress = find(objects, 'Ingress')[0] as Obj & {
      metadata: { annotations: Record<string, string> }
      spec: { rules: Array<{ http: { paths: Array<{ path: string }> } }> }
    }
    const a = ingress.metadata.annotations
    expect(a['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off')
    expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600)
    expect(a['nginx.ingress.kubernetes.io/affinity']).toBe('cookie')
    expect(ingress.spec.rules[0]!.http.paths.map((p) => p.path)).toEqual(['/socket.io', '/'])
  })

  it('gives each process longer to drain than it takes itself', () => {
    for (const [o, role] of [
      [api, 'api'],
      [worker, 'worker'],
    ] as const) {
      const env = Object.fromEntries(
        podSpec(o).containers[0]!.env!.map((e) => [e.name, Number(e.value ?? 0)]),
      )
      const own = (env.SHUTDOWN_DELAY_SECONDS ?? 0) + env.SHUTDOWN_GRACE_SECONDS!
      const spec = podSpec(o) as PodSpec & { terminationGracePeriodSeconds: number }
      expect(spec.terminationGracePeriodSeconds, role).toBeGreaterThan(own)
    }
  })

  it('scales the workers from the instances screen through an API server that enforces the chart’s Role', async () => {
    type Rule = { apiGroups: string[]; resources: string[]; resourceNames?: string[]; verbs: string[] }
    const role = find(objects, 'Role')[0] as Obj & { rules: Rule[] }
    const replicas: Record<string, number> = { [worker.metadata.name]: 2, [api.metadata.name]: 2 }
    const seen: string[] = []
    // A stand-in for the Kubernetes API server: RBAC as the Role says (403 Forbidden otherwise), then the scale subresource.
    const server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        const m = /^\/apis\/([^/]+)\/v1\/namespaces\/([^/]+)\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(req.url!)
        const verb = { GET: 'get', PATCH: 'patch', PUT: 'update', DELETE: 'delete' }[req.method!] ?? '?'
        const [group, namespace, resource, name, sub] = m?.slice(1) ?? []
        const full = sub ? `${resource}/${sub}` : resource!
        seen.push(`${verb} ${full} ${name}`)
        const allowed =
          namespace === 'default' &&
          role.rules.some(
            (r) =>
              r.apiGroups.includes(group!) &&
              r.resources.includes(full) &&
              r.verbs.includes(verb) &&
              (!r.resourceNames || r.resourceNames.includes(name!)),
          )
        const json = (status: number, o: object) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(o))
        if (!allowed)
          return json(403, {
            kind: 'Status',
            reason: 'Forbidden',
            message: `cannot ${verb} resource "${full}" in API group "${group}"`,
          })
        if (verb === 'patch')
          replicas[name!] = (JSON.parse(body) as { spec: { replicas: number } }).spec.replicas
        json(200, {
          kind: 'Scale',
          spec: { replicas: replicas[name!] },
          status: { replicas: replicas[name!] },
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const tokenFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mp-k8s-')), 'token')
    fs.writeFileSync(tokenFile, 'service-account-token')
    try {
      // The API pod's settings as the chart sets them (ConfigMap), pointed at the stand-in.
      const pool = (poolId: string) =>
        kubernetesPool(
          loadConfig({
            ...configMap.data,
            INSTANCES_POOL_ID: poolId,
            K8S_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
            K8S_NAMESPACE: 'default',
            K8S_TOKEN_FILE: tokenFile,
          }),
        )
      const workers = pool(configMap.data.INSTANCES_POOL_ID!)
      expect(await workers.status()).toMatchObject({ provider: 'kubernetes', desired: 2, max: 20 })
      expect(await workers.setDesired(5)).toMatchObject({ desired: 5 })
      expect(replicas[worker.metadata.name]).toBe(5)
      // The same token cannot touch another Deployment.
      await expect(pool(api.metadata.name).setDesired(9)).rejects.toMatchObject({
        status: 502,
        message: expect.stringContaining('403 Forbidden'),
      })
      expect(replicas[api.metadata.name]).toBe(2)
      expect(seen).toEqual([
        `get deployments/scale ${worker.metadata.name}`,
        `patch deployments/scale ${worker.metadata.name}`,
        `patch deployments/scale ${api.metadata.name}`,
      ])
    } finally {
      server.close()
    }
  })

  it('uses an existing Secret instead of rendering one', () => {
    const objs = renderChart({ existingSecret: 'mouthpiece-keys' })
    expect(find(objs, 'Secret')).toEqual([])
    expect(podSpec(find(objs, 'Deployment', 'mp-mouthpiece-api')[0]!).containers[0]!.envFrom).toContainEqual({
      secretRef: { name: 'mouthpiece-keys' },
    })
  })
})

describe('the Containerfile and compose file', () => {
  const containerfile = read('Containerfile')

  it('installs exactly the runtime packages scripts/system-deps.sh installs', () => {
    const deps = /RUNTIME_PKGS=\(([\s\S]*?)\n\)/.exec(read('scripts/system-deps.sh'))![1]!
    const fromScript = deps
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean)
    const fromImage = /ARG RUNTIME_PKGS="([^"]*)"/.exec(containerfile)![1]!.split(/\s+/)
    expect([...fromImage].sort()).toEqual([...fromScript].sort())
    expect(containerfile).toContain('${RUNTIME_PKGS}')
  })

  it('builds in Debian 12 stages and runs non-root under tini with a health check and OCI labels', () => {
    const lines = containerfile.replace(/\\\n/g, ' ').split('\n')
    const instructions = lines.filter((l) => /^[A-Z]+\s/.test(l)).map((l) => l.split(/\s/, 1)[0])
    const known = ['ARG', 'FROM', 'RUN', 'WORKDIR', 'COPY', 'ENV', 'USER', 'VOLUME', 'EXPOSE']
    known.push('HEALTHCHECK', 'ENTRYPOINT', 'CMD', 'STOPSIGNAL', 'LABEL')
    expect(instructions.filter((i) => !known.includes(i!))).toEqual([])
    expect(containerfile).toMatch(/^ARG BASE_IMAGE=docker\.io\/library\/debian:12-slim$/m)
    const stages = [...containerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1])
    expect(stages).toEqual(['toolchain', 'build', 'prod-deps', 'runtime'])
    for (const m of containerfile.matchAll(/--from=(\S+)/g)) expect(stages).toContain(m[1])
    expect(containerfile).toMatch(/^USER 10001:10001$/m)
    expect(containerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m)
    expect(containerfile).toMatch(new RegExp(`^HEALTHCHECK .*\\n.*${health.path}`, 'm'))
    for (const label of ['title', 'version', 'revision', 'created'])
      expect(containerfile).toContain(`org.opencontainers.image.${label}=`)
  })

  it('composes PostgreSQL, an S3 store, migrations once, 2 API and 2 worker processes', () => {
    // merge: the services take their shared settings from YAML anchors (<<: *env).
    const compose = YAML.parse(read('deploy/compose.yaml'), { merge: true }) as {
      services: Record<
        string,
        {
          environment?: Record<string, string>
          depends_on?: Record<string, { condition: string }>
          healthcheck?: { test?: string[] | string; disable?: boolean }
          deploy?: { replicas?: number }
          image?: string
          build?: { context: string; dockerfile: string }
        }
      >
    }
    const s = compose.services
    expect(Object.keys(s).sort()).toEqual([
      'api',
      'migrate',
      'minio',
      'postgres',
      'proxy',
      'storage-bucket',
      'worker',
    ])
    expect(s.api!.deploy?.replicas).toBe(2)
    expect(s.worker!.deploy?.replicas).toBe(2)
    expect(s.migrate!.environment?.MODE).toBe('migrate')
    for (const name of ['api', 'worker'])
      expect(s[name]!.depends_on?.migrate?.condition).toBe('service_completed_successfully')
    const check = s.api!.healthcheck?.test
    expect(Array.isArray(check) ? check.join(' ') : check).toContain(ready.path)
    // One image for every role, built from this repository's Containerfile.
    for (const name of ['migrate', 'api', 'worker']) {
      expect(s[name]!.image).toBe('localhost/mouthpiece:latest')
      expect(s[name]!.build).toEqual({ context: '..', dockerfile: 'Containerfile' })
    }
    // A worker serves no HTTP: the image's check (on /api/health) is off for it; the stores have their own.
    expect(s.worker!.healthcheck?.disable).toBe(true)
    for (const name of ['postgres', 'minio']) expect(s[name]!.healthcheck?.test).toBeDefined()
    expect(s.api!.depends_on?.['storage-bucket']?.condition).toBe('service_completed_successfully')
    const names = ['api', 'worker', 'migrate'].flatMap((n) => Object.keys(s[n]!.environment ?? {}))
    expect(s.api!.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//)
    expect(names.filter((n) => !SETTINGS.has(n))).toEqual([])
  })
})
