import type { InstancePool } from '@mouthpiece/contracts/operations/instances.contract'
import { AppError } from '../../../platform/http/errors'

/** One render-worker pool behind one interface: embedded, Kubernetes or AWS Auto Scaling. */
export interface PoolAdapter {
  id: string
  provider: InstancePool['provider']
  status(): Promise<InstancePool>
  /** Asks for `n` workers; answers the pool as it stands right after. */
  setDesired(n: number): Promise<InstancePool>
}

/** The provider answered with an error (or not at all): a 502 naming it and what it said. */
export function providerError(provider: string, detail: string): AppError {
  return new AppError('instances_provider', `The ${provider} API refused the request: ${detail}`, 502)
}

export function outOfRange(n: number, min: number, max: number): AppError | undefined {
  if (n < min || n > max)
    return new AppError('validation', `DesiredCapacity must be between ${min} and ${max}`, 422, {
      DesiredCapacity: [`Must be between ${min} and ${max}`],
    })
  return undefined
}
