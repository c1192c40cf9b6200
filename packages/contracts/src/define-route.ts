import type { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** Who may call a route: anyone, a signed-in user (user cookie token) or an admin (admin key cookie). */
export type RouteAuth = 'public' | 'user' | 'admin'

/**
 * One HTTP route, declared once. The server registers, validates and documents it from this;
 * the web client takes its types from it and fills `:param` segments of `path`.
 */
export interface RouteDef {
  method: HttpMethod
  /** Fastify-style path, e.g. `/api/projects/:projectId/delete`. */
  path: string
  auth: RouteAuth
  /**
   * In the group of routes barred to disabled users (SPEC §5/§6: `user.is_enabled` false). The
   * server answers them 403 (for a signed-in disabled user), and the web bars every page that
   * lists one of them in its `calls` (app-route.ts): this flag is the group's one declaration.
   */
  requiresEnabled?: boolean
  summary?: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** Body of the 200 answer. Omit for binary answers (downloads). */
  response?: z.ZodType
  /** multipart/form-data body (files); validated by the handler, not by `body`. */
  multipart?: boolean
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined
type Input<S> = S extends z.ZodType ? z.input<S> : undefined

export type RouteParams<R extends RouteDef> = Infer<R['params']>
export type RouteQuery<R extends RouteDef> = Infer<R['query']>
export type RouteBody<R extends RouteDef> = Infer<R['body']>
export type RouteResponse<R extends RouteDef> = Infer<R['response']>
/** What a caller passes: the schemas' input types (defaults may be left out). */
export interface RouteInput<R extends RouteDef> {
  params: Input<R['params']>
  query: Input<R['query']>
  body: Input<R['body']>
}

/** Fills `:name` segments of a route path. */
export function routePath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
