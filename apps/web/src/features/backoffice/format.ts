/** Dates and lengths as the admin lists show them. */
export const formatDate = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(undefined, { dateStyle: 'medium' })
}

export const formatSeconds = (s: number | null) => {
  if (s === null || !Number.isFinite(s)) return '—'
  const m = Math.floor(s / 60)
  return `${m}:${String(Math.round(s % 60)).padStart(2, '0')}`
}

export const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`
