import type { InstancePool } from '@mouthpiece/contracts/operations/instances.contract'
import type { OperationsDeps } from './operations.deps'
import { notFound } from '../../platform/http/errors'
import { audited } from '../audit'
import type { AuditActor } from '../audit'
import { renderPoolOf } from '../renders'
import { awsPool } from './pools/aws-pool'
import { embeddedPool } from './pools/embedded-pool'
import { kubernetesPool } from './pools/kubernetes-pool'
import type { PoolAdapter } from './pools/pool-adapter'
import { savedDesired, saveDesired } from './instances.repo'

/** The configured pool (INSTANCES_PROVIDER). */
export function poolAdapter(deps: OperationsDeps): PoolAdapter {
  switch (deps.config.INSTANCES_PROVIDER) {
    case 'kubernetes':
      return kubernetesPool(deps.config)
    case 'aws':
      return awsPool(deps.config)
    default:
      return embeddedPool(deps.queue)
  }
}

function poolById(deps: OperationsDeps, id: string): PoolAdapter {
  const pool = poolAdapter(deps)
  if (pool.id !== id) throw notFound('Instance pool')
  return pool
}

export async function listPools(deps: OperationsDeps): Promise<InstancePool[]> {
  return [await poolAdapter(deps).status()]
}

export const poolStatus = (deps: OperationsDeps, id: string) => poolById(deps, id).status()

/**
 * Sizes the pool. The audit entry and the saved size commit together, and only once the provider
 * has accepted the new size: a refused call leaves no trace but its error.
 */
export async function setDesired(
  deps: OperationsDeps,
  actor: AuditActor,
  id: string,
  desired: number,
): Promise<InstancePool> {
  const pool = poolById(deps, id)
  const before = await pool.status()
  return deps.db.transaction((tx) =>
    audited(
      tx,
      actor,
      'instances.set-desired-capacity',
      {
        target: { type: 'instance_pool', id },
        before: { desired: before.desired, running: before.running },
        afterOf: (p: InstancePool) => ({ desired: p.desired, running: p.running }),
        meta: { provider: pool.provider },
      },
      async () => {
        const after = await pool.setDesired(desired)
        await saveDesired(tx, id, after.desired)
        return after
      },
    ),
  )
}

/** A restarted process takes back the embedded pool size an admin chose (remote providers keep theirs). */
export async function startInstances(platform: OperationsDeps): Promise<void> {
  const pool = renderPoolOf(platform.queue)
  if (platform.config.INSTANCES_PROVIDER !== 'embedded' || !pool) return
  const saved = await savedDesired(platform.db, 'render-workers')
  if (saved !== undefined && saved !== pool.size()) await pool.resize(saved)
}
