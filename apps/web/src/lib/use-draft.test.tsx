import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDraft } from './use-draft'

const seed = (d: { name: string }) => d.name

describe('useDraft', () => {
  it('is empty until the data arrives, then keeps what the person typed when the data is fetched again', () => {
    const { result, rerender } = renderHook(
      ({ data, id }: { data?: { name: string }; id?: number }) => useDraft(data, seed, id),
      { initialProps: {} },
    )
    expect(result.current[0]).toBeUndefined()
    rerender({ data: { name: 'saved' }, id: 1 })
    expect(result.current[0]).toBe('saved')
    act(() => result.current[1]('typed'))
    rerender({ data: { name: 'refetched' }, id: 1 })
    expect(result.current[0]).toBe('typed')
    // Another record picked: its own data, not the first one's draft.
    rerender({ data: { name: 'second' }, id: 2 })
    expect(result.current[0]).toBe('second')
  })
})
