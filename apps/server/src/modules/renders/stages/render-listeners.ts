/**
 * Other modules that tie renders to their own rows (projects: a scene's avatar video) hear about
 * every state change of the renders they made, without the renders module knowing them.
 */
import type { RenderSource } from '@mouthpiece/contracts/renders/renders.schemas'
import type { RenderRow } from '../renders.table'

export type RenderListener = (row: RenderRow) => Promise<void>
/**
 * Per database handle: listeners close over their own platform, so a process holding two (tests,
 * or an app rebuilt on a new connection) never calls one with the other's renders.
 */
const registries = new WeakMap<object, Map<RenderSource, Set<RenderListener>>>()

/** Registers once per function (modules call this from both their routes and their workers). */
export function onRenderChange(db: object, source: RenderSource, listener: RenderListener): void {
  let byDb = registries.get(db)
  if (!byDb) registries.set(db, (byDb = new Map<RenderSource, Set<RenderListener>>()))
  let set = byDb.get(source)
  if (!set) byDb.set(source, (set = new Set()))
  set.add(listener)
}

export async function notifyRenderChange(db: object, row: RenderRow): Promise<void> {
  for (const listener of registries.get(db)?.get(row.source) ?? []) {
    await listener(row).catch((err: unknown) =>
      console.error(`[renders] ${row.source} listener failed:`, (err as Error).message),
    )
  }
}
