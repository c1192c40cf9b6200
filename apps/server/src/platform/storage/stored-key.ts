import type { StoredKey } from '@mouthpiece/contracts/media/stored-file.schemas'
import { assertValidKey } from './storage'

/**
 * The one way server code turns a key it built itself (from ids whose owner it has checked) into
 * a StoredKey. Nothing a client sent is ever passed here: documents that point at a stored file
 * carry an entity id, and the key comes off that entity (docs/decisions: stored-file references).
 */
export function storedKey(key: string): StoredKey {
  assertValidKey(key)
  return key as StoredKey
}
