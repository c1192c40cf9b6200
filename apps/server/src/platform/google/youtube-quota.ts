const PACIFIC = 'America/Los_Angeles'

/** The quota day (it resets at midnight Pacific time), as YYYY-MM-DD. */
export function quotaDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: PACIFIC,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

export function msUntilQuotaReset(now = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: PACIFIC,
      hour12: false,
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  )
  const elapsed = (((parts.hour ?? 0) % 24) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) * 1000
  return Math.max(60_000, 86_400_000 - elapsed)
}
