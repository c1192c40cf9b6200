import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, isChunkLoadError, loadChunk, shouldReloadForChunkError } from './chunk-reload'
import { browser } from './browser'

const chunkError = new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-1.js')

describe('lazy chunk failures (SPEC §8)', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => vi.restoreAllMocks())

  it('reloads when it never reloaded, or more than 60 s ago', () => {
    expect(shouldReloadForChunkError(undefined, 100_000)).toBe(true)
    expect(shouldReloadForChunkError(0, 60_000)).toBe(true)
    expect(shouldReloadForChunkError(10_000, 69_999)).toBe(false)
  })

  it('recognises chunk load errors only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true)
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false)
  })

  it('reloads the page once and stamps sessionStorage', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {})
    void loadChunk(() => Promise.reject(chunkError))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(0)
  })

  it('a second failure within 60 s surfaces the error instead of reloading again', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 5_000))
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {})
    await expect(loadChunk(() => Promise.reject(chunkError))).rejects.toBe(chunkError)
    expect(reload).not.toHaveBeenCalled()
  })
})
