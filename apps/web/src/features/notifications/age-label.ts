/**
 * SPEC §9 relative ages of a notification: S under a minute, M minutes, HR hours, and from one
 * day (86,400 s) on, "N D AGO". A notification is never younger than 1S, so one that arrives in
 * real time reads "1S" (SPEC §4) even when the two clocks disagree by a moment.
 */
export const MINUTE_S = 60
export const HOUR_S = 3600
export const DAY_S = 86_400

/** The label for an age in seconds: '1S' … '59S', '1M' … '59M', '1HR' … '23HR', '1D AGO' … */
export function ageLabel(ageSeconds: number): string {
  const s = Math.max(1, Math.floor(Number.isFinite(ageSeconds) ? ageSeconds : 0))
  if (s < MINUTE_S) return `${s}S`
  if (s < HOUR_S) return `${Math.floor(s / MINUTE_S)}M`
  if (s < DAY_S) return `${Math.floor(s / HOUR_S)}HR`
  return `${Math.floor(s / DAY_S)}D AGO`
}

/**
 * `timeSinceCreated` (SPEC §3, display only). A notification heard in real time ages from the moment
 * this page received it; a listed one from its `time_created` (unix seconds).
 */
export function timeSinceCreated(item: { time_created: number; receivedAt?: number }, nowMs: number): string {
  const since =
    item.receivedAt !== undefined ? (nowMs - item.receivedAt) / 1000 : nowMs / 1000 - item.time_created
  return ageLabel(since)
}
