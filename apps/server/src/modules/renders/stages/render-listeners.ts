/**
 * Other modules that tie renders to their own rows (projects: a scene's avatar video) hear about
 * every state change of the renders they made, without the renders module knowing them.
 */
import type { RenderSource } from '@mouthpiece/contracts/renders/renders.schemas'
import type { RenderRow } from '../renders.table'

export type RenderListener = (row: RenderRow) => Promise<void>
const listeners = new Map<RenderSource, Set<RenderListener>>()

/** Registers once per function (modules call this from both their routes and their workers). */
export function onRenderChange(source: RenderSource, listener: RenderListener): void {
  let set = listeners.get(source)
  if (!set) listeners.set(source, (set = new Set()))
  set.add(listener)
}

export async function notifyRenderChange(row: RenderRow): Promise<void> {
  for (const listener of listeners.get(row.source) ?? []) {
    await listener(row).catch((err: unknown) =>
      console.error(`[renders] ${row.source} listener failed:`, (err as Error).message),
    )
  }
}
