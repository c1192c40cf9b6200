import fs from 'node:fs'
import { upstreamDispatcherTrusting, upstreamFetchVia } from '../../../platform/http/upstream'
import type { Config } from '../../../platform/config'
import { outOfRange, providerError } from './pool-adapter'
import type { PoolAdapter } from './pool-adapter'

interface Scale {
  spec?: { replicas?: number }
  status?: { replicas?: number; readyReplicas?: number }
}
interface K8sStatus {
  kind?: string
  message?: string
  reason?: string
}

const NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace'

/**
 * A Kubernetes Deployment of `MODE=work` processes, scaled through its scale subresource
 * (`GET`/`PATCH /apis/apps/v1/namespaces/{ns}/deployments/{name}/scale`) with the pod's
 * service-account token; the RBAC role needs get and patch on deployments/scale.
 */
export function kubernetesPool(config: Config): PoolAdapter {
  const name = config.INSTANCES_POOL_ID!
  const namespace =
    config.K8S_NAMESPACE ??
    (fs.existsSync(NAMESPACE_FILE) ? fs.readFileSync(NAMESPACE_FILE, 'utf8').trim() : 'default')
  const url = `${config.K8S_API_URL.replace(/\/$/, '')}/apis/apps/v1/namespaces/${encodeURIComponent(namespace)}/deployments/${encodeURIComponent(name)}/scale`
  const dispatcher =
    config.K8S_API_URL.startsWith('https:') && fs.existsSync(config.K8S_CA_FILE)
      ? upstreamDispatcherTrusting(fs.readFileSync(config.K8S_CA_FILE))
      : undefined

  async function call(method: 'GET' | 'PATCH', body?: object): Promise<Scale> {
    // Read the token each time: projected service-account tokens are rotated by the kubelet.
    const token = fs.existsSync(config.K8S_TOKEN_FILE)
      ? fs.readFileSync(config.K8S_TOKEN_FILE, 'utf8').trim()
      : ''
    let res
    try {
      res = await upstreamFetchVia(url, {
        method,
        dispatcher,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/merge-patch+json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      throw providerError('Kubernetes', (err as Error).message)
    }
    const json = (await res.json().catch(() => ({}))) as Scale & K8sStatus
    if (!res.ok)
      throw providerError('Kubernetes', `${res.status} ${json.reason ?? ''} ${json.message ?? ''}`.trim())
    return json
  }

  const present = (s: Scale) => ({
    id: name,
    provider: 'kubernetes' as const,
    desired: s.spec?.replicas ?? 0,
    running: s.status?.readyReplicas ?? s.status?.replicas ?? 0,
    min: 0,
    max: config.INSTANCES_MAX,
  })
  return {
    id: name,
    provider: 'kubernetes',
    status: async () => present(await call('GET')),
    async setDesired(n) {
      const refused = outOfRange(n, 0, config.INSTANCES_MAX)
      if (refused) throw refused
      return present(await call('PATCH', { spec: { replicas: n } }))
    },
  }
}
