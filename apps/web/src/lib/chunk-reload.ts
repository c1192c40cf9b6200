import { CHUNK_RELOAD_INTERVAL_MS } from '@mouthpiece/contracts/constants'
import { browser } from './browser'

/** sessionStorage key holding when the page last reloaded itself for a missing chunk (epoch ms). */
export const CHUNK_RELOAD_KEY = 'mouthpiece.chunk-reload-at'

/** After a deploy, old pages ask for chunk files that no longer exist; the browser reports it like this. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  )
}

/** SPEC §8: one reload, at most one per 60 seconds, so a truly broken deploy cannot loop. */
export function shouldReloadForChunkError(lastReloadAt: number | undefined, now: number): boolean {
  return (
    lastReloadAt === undefined ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS
  )
}

function readLastReload(): number | undefined {
  try {
    const raw = sessionStorage.getItem(CHUNK_RELOAD_KEY)
    return raw === null ? undefined : Number(raw)
  } catch {
    return undefined
  }
}

/** Loads a lazy chunk; on a chunk failure reloads the page once (per 60 s) instead of failing. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    const now = Date.now()
    if (isChunkLoadError(error) && shouldReloadForChunkError(readLastReload(), now)) {
      try {
        sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now))
      } catch {
        // Storage blocked: reloading could loop, so surface the error instead.
        throw error
      }
      browser.reload()
      return new Promise<T>(() => {})
    }
    throw error
  }
}
