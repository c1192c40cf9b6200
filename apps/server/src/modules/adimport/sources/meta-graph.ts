import { SourceHttpError, backoffMs, fetchRetrying, readJson, sleep } from '../../../platform/http/upstream'

/** A Graph API error: code 17 (throttled, `is_transient`), 1 (too much data), 190 (token expired) … */
export class MetaError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
    readonly subcode: number | null,
    readonly transient: boolean,
  ) {
    super(message)
  }
}
export const isExpired = (e: unknown) => e instanceof MetaError && e.code === 190
export const isTooMuchData = (e: unknown) =>
  e instanceof MetaError && (e.code === 1 || (e.code === 100 && e.subcode === 1487534))

type GraphError = {
  error?: {
    message?: string
    code?: number
    error_subcode?: number
    is_transient?: boolean
    error_user_msg?: string
  }
}
interface Page<T> {
  data?: T[]
  paging?: { cursors?: { after?: string }; next?: string }
}

export interface MetaOptions {
  /** Throttled calls are retried this many times, backing off, from the same cursor. */
  retries?: number
  /** First backoff (ms); tests shorten it. */
  backoffBaseMs?: number
}

/**
 * The Meta Graph client (plain HTTPS: Meta's SDK is not OSI-licensed). Base URL includes the
 * version (`…/v25.0`). Follows `paging.next` verbatim; on `(#17) User request limit reached` with
 * `is_transient` it backs off and asks for the same page again, so paging resumes from the cursor.
 */
export function metaGraph(baseUrl: string, token: string, opts: MetaOptions = {}) {
  const retries = opts.retries ?? 5
  async function fetchJson<T>(url: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetchRetrying(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(60_000),
      })
      try {
        return await readJson<T>(res, 'Meta')
      } catch (err) {
        if (!(err instanceof SourceHttpError)) throw err
        const e = (err.body as GraphError | undefined)?.error
        const error = new MetaError(
          e?.message ?? err.message,
          err.status,
          e?.code ?? 0,
          e?.error_subcode ?? null,
          !!e?.is_transient,
        )
        if (error.transient && error.code === 17 && attempt < retries) {
          await sleep(backoffMs(attempt, 60_000, opts.backoffBaseMs ?? 1000))
          continue
        }
        throw error
      }
    }
  }
  const url = (path: string, params: Record<string, string>) =>
    `${baseUrl}${path}?${new URLSearchParams(params).toString()}`
  return {
    get: <T>(path: string, params: Record<string, string> = {}) => fetchJson<T>(url(path, params)),
    /** Every item of an edge, page by page. */
    async *pages<T>(path: string, params: Record<string, string>): AsyncGenerator<T[]> {
      let next: string | undefined = url(path, params)
      while (next) {
        const page: Page<T> = await fetchJson<Page<T>>(next)
        yield page.data ?? []
        next = page.paging?.next
      }
    },
    async all<T>(path: string, params: Record<string, string>): Promise<T[]> {
      const out: T[] = []
      for await (const page of this.pages<T>(path, params)) out.push(...page)
      return out
    },
  }
}
export type MetaGraph = ReturnType<typeof metaGraph>

/**
 * Meta's minor units (Currency Codes page): amounts like `amount_spent` and budgets are strings in
 * the currency's smallest unit, offset 100 for most, 1 for currencies without cents.
 */
const NO_CENTS = new Set(['CLP', 'COP', 'CRC', 'HUF', 'ISK', 'IDR', 'JPY', 'KRW', 'PYG', 'TWD', 'VND'])
export const fromMinor = (amount: string | undefined, currency: string) =>
  amount === undefined ? null : Number(amount) / (NO_CENTS.has(currency) ? 1 : 100)
