import type { FastifyRequest } from 'fastify'
import type { RouteAuth } from '@mouthpiece/contracts/define-route'
import type { User, Admin } from '@mouthpiece/contracts/users/users.schemas'

/** Who is calling. Resolved from the bearer token (or the role's cookie) before a handler runs. */
export type Actor =
  | { kind: 'public' }
  | { kind: 'user'; user: User; sessionId: string }
  | { kind: 'admin'; admin: Admin; sessionId: string }

export type ActorFor<A extends RouteAuth> = A extends 'user'
  ? Extract<Actor, { kind: 'user' }>
  : A extends 'admin'
    ? Extract<Actor, { kind: 'admin' }>
    : Actor

/** Provided by the auth module: resolves (or rejects with 401) the actor a route needs. */
export type Authenticator = (req: FastifyRequest, auth: RouteAuth) => Promise<Actor>
