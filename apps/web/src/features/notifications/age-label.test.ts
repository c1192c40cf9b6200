import { describe, expect, it } from 'vitest'
import { ageLabel, timeSinceCreated } from './age-label'

describe('notification age labels (SPEC §9)', () => {
  it.each([
    [0, '1S'],
    [-5, '1S'],
    [1, '1S'],
    [1.9, '1S'],
    [59, '59S'],
    [60, '1M'],
    [119, '1M'],
    [3599, '59M'],
    [3600, '1HR'],
    [86_399, '23HR'],
    [86_400, '1D AGO'],
    [172_799, '1D AGO'],
    [172_800, '2D AGO'],
    [30 * 86_400, '30D AGO'],
  ])('%s s → %s', (seconds, label) => {
    expect(ageLabel(seconds)).toBe(label)
  })

  it('a listed notification ages from time_created (unix seconds)', () => {
    const now = 1_800_000_000_000
    expect(timeSinceCreated({ time_created: 1_800_000_000 - 125 }, now)).toBe('2M')
    expect(timeSinceCreated({ time_created: 1_800_000_000 - 2 * 86_400 }, now)).toBe('2D AGO')
  })

  it('one heard in real time reads 1S on arrival, even if the server clock runs ahead or behind', () => {
    const now = 1_800_000_000_000
    expect(timeSinceCreated({ time_created: 1_800_000_000 + 40, receivedAt: now }, now)).toBe('1S')
    expect(timeSinceCreated({ time_created: 1_800_000_000 - 400, receivedAt: now }, now)).toBe('1S')
    expect(timeSinceCreated({ time_created: 0, receivedAt: now }, now + 90_000)).toBe('1M')
  })
})
