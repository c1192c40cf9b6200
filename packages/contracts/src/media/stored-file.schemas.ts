import { z } from 'zod'

/**
 * Marks a schema the server alone fills in. No request (params, query, JSON or multipart body) may
 * contain one: `stored-file.schemas.test.ts` walks every route contract and fails if an inbound
 * schema reaches a field carrying this mark.
 */
export const SERVER_ONLY = 'x-server-only'

/**
 * A key of our file storage (`avatars/7/photo_19_0.jpg`). Only the server mints one (from an entity
 * whose owner it checked, `platform/storage/stored-key.ts`), so a client can never name a stored
 * file: a document that points at one carries the id of an entity the caller owns instead (a custom
 * avatar, a project background, a brand logo), and the server reads the key off that entity.
 * The brand makes a raw string fail to type-check where a StoredKey is expected.
 */
export const StoredKey = z
  .string()
  .min(1)
  .max(512)
  .brand<'StoredKey'>()
  .meta({ [SERVER_ONLY]: true })
export type StoredKey = z.infer<typeof StoredKey>

/** A path on the render worker's disk (a downloaded input), never sent by or to a client. */
export const WorkerPath = z
  .string()
  .min(1)
  .brand<'WorkerPath'>()
  .meta({ [SERVER_ONLY]: true })
export type WorkerPath = z.infer<typeof WorkerPath>
