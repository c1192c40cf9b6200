import type { Queue } from '../../../platform/queue/queue'
import { AppError } from '../../../platform/http/errors'
import { renderPoolOf } from '../../renders'
import { outOfRange } from './pool-adapter'
import type { PoolAdapter } from './pool-adapter'

export const EMBEDDED_POOL_ID = 'render-workers'

/** The render workers of this very process: resizing changes their concurrency at once, up to one per core. */
export function embeddedPool(queue: Queue): PoolAdapter {
  const pool = () => {
    const p = renderPoolOf(queue)
    if (!p)
      throw new AppError(
        'instances_not_here',
        'The render workers run in another process. Set INSTANCES_PROVIDER to kubernetes or aws to size them from here.',
        409,
      )
    return p
  }
  const status = () => {
    const p = pool()
    return {
      id: EMBEDDED_POOL_ID,
      provider: 'embedded' as const,
      desired: p.size(),
      running: p.running(),
      min: 1,
      max: p.max,
    }
  }
  return {
    id: EMBEDDED_POOL_ID,
    provider: 'embedded',
    status: async () => status(),
    async setDesired(n) {
      const p = pool()
      const refused = outOfRange(n, 1, p.max)
      if (refused) throw refused
      await p.resize(n)
      return status()
    },
  }
}
