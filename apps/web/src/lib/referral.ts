/**
 * Who referred this browser (the /r/{username} link it came from), kept until sign-up sends it as
 * `referred_by`. A newer link replaces an older one; 30 days is long enough to think it over.
 */
const KEY = 'mp_referred_by'
const MAX_AGE_MS = 30 * 86_400_000

export function rememberReferrer(username: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ username, at: Date.now() }))
  } catch {
    // Storage off (private mode): the referral is simply not remembered.
  }
}

export function referrer(): string | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { username?: string; at?: number } | null
    return saved?.username && saved.at && Date.now() - saved.at < MAX_AGE_MS ? saved.username : undefined
  } catch {
    return undefined
  }
}
