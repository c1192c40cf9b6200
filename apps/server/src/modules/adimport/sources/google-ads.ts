import { SourceAuthError, SourceHttpError, fetchRetrying, readJson } from '../../../platform/http/upstream'

/** A Google Ads failure, named by its error family and value (authorizationError: USER_PERMISSION_DENIED …). */
export class GoogleAdsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly family: string,
    readonly code: string,
    readonly requestId: string | null,
  ) {
    super(message)
  }
}

export interface GoogleAdsAuth {
  accessToken: () => Promise<string>
  refreshAccessToken: () => Promise<string>
  developerToken: string
}

/** A full 10,000-row page with many selected fields runs to several megabytes. */
const PAGE_BYTES = 64 * 1024 * 1024

type Failure = {
  error?: {
    message?: string
    details?: Array<{
      errors?: Array<{ errorCode?: Record<string, string>; message?: string }>
      requestId?: string
    }>
  }
}

function toError(err: SourceHttpError): GoogleAdsError {
  const e = (err.body as Failure | undefined)?.error
  const first = e?.details?.[0]
  const [family, code] = Object.entries(first?.errors?.[0]?.errorCode ?? {})[0] ?? ['', '']
  return new GoogleAdsError(
    first?.errors?.[0]?.message ?? e?.message ?? err.message,
    err.status,
    family,
    code,
    first?.requestId ?? null,
  )
}

/**
 * The Google Ads REST client (no SDK: `google-ads-api` needs Node 22 and gRPC). Base URL includes
 * the version (`…/v26`). GAQL through `googleAds:search`, whose pages are a fixed 10,000 rows
 * followed by `nextPageToken` (sending pageSize is refused, so we never do). `login-customer-id`
 * goes with every call that reaches a client through a manager.
 */
export function googleAds(baseUrl: string, auth: GoogleAdsAuth) {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: object | undefined,
    loginCustomerId?: string | null,
  ): Promise<T> {
    const send = async (token: string) =>
      fetchRetrying(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'developer-token': auth.developerToken,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(loginCustomerId ? { 'login-customer-id': loginCustomerId } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(60_000),
      })
    let res = await send(await auth.accessToken())
    if (res.status === 401) res = await send(await auth.refreshAccessToken())
    if (res.status === 401)
      throw new SourceAuthError('Google refused the account token; please link Google again')
    try {
      return await readJson<T>(res, `Google Ads ${path}`, PAGE_BYTES)
    } catch (err) {
      throw err instanceof SourceHttpError ? toError(err) : err
    }
  }
  return {
    async listAccessibleCustomers(): Promise<string[]> {
      const body = await call<{ resourceNames?: string[] }>(
        'GET',
        '/customers:listAccessibleCustomers',
        undefined,
      )
      return (body.resourceNames ?? []).map((r) => r.replace('customers/', ''))
    },
    /** Every row of a GAQL query, one page (≤ 10,000 rows) at a time. */
    async *search<Row>(
      customerId: string,
      query: string,
      loginCustomerId?: string | null,
    ): AsyncGenerator<Row[]> {
      let pageToken: string | undefined
      do {
        const page = await call<{ results?: Row[]; nextPageToken?: string }>(
          'POST',
          `/customers/${customerId}/googleAds:search`,
          { query, ...(pageToken ? { pageToken } : {}) },
          loginCustomerId,
        )
        // No rows: Google leaves `results` out entirely.
        yield page.results ?? []
        pageToken = page.nextPageToken
      } while (pageToken)
    },
  }
}
export type GoogleAdsClient = ReturnType<typeof googleAds>

/** int64 arrives as a string; money in micros. */
export const int64 = (v: string | number | undefined) => (v === undefined ? 0 : Number(v))
