import { useState } from 'react'

/**
 * A form's own copy of loaded data: undefined until the data has arrived, then seeded from it once
 * and changed only by the person. Copying the data in with an effect on every fetch overwrote what
 * they had typed whenever the query answered late or refetched (another card's save invalidating
 * it, the window regaining focus). A different `key` (another record picked) seeds it afresh.
 */
export function useDraft<T, F>(
  data: T | undefined,
  seed: (data: T) => F,
  key: unknown = null,
): [F | undefined, (value: F) => void] {
  const [draft, setDraft] = useState<{ key: unknown; value: F }>()
  const value = draft && Object.is(draft.key, key) ? draft.value : data === undefined ? undefined : seed(data)
  return [value, (next: F) => setDraft({ key, value: next })]
}
