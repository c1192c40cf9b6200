/**
 * Undo/redo over the project document with immer patches: every edit records the patches that redo
 * it and the inverse patches that undo it, so history costs the size of the changes, not of copies
 * of the document. Rapid edits of the same thing (a drag, typing in one field) merge into one step.
 */
import { applyPatches, enablePatches, produceWithPatches } from 'immer'
import type { Draft, Patch } from 'immer'
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'

enablePatches()

interface Step {
  label: string
  mergeKey: string | null
  at: number
  patches: Patch[]
  inverse: Patch[]
}

/** Edits closer than this with the same merge key are one undo step. */
export const MERGE_WINDOW_MS = 800
/** Merge keys of one pointer gesture: every edit with the same key is one step, with no time limit. */
export const GESTURE_PREFIX = 'gesture:'
const LIMIT = 200

export class DocumentHistory {
  private past: Step[] = []
  private future: Step[] = []
  constructor(
    private current: ProjectDocument,
    private readonly now: () => number = Date.now,
  ) {}

  get doc(): ProjectDocument {
    return this.current
  }
  get canUndo(): boolean {
    return this.past.length > 0
  }
  get canRedo(): boolean {
    return this.future.length > 0
  }
  get undoLabel(): string | null {
    return this.past.at(-1)?.label ?? null
  }
  get redoLabel(): string | null {
    return this.future.at(-1)?.label ?? null
  }

  /** Applies an edit; returns false (and records nothing) when it changed nothing. */
  apply(
    label: string,
    recipe: (draft: Draft<ProjectDocument>) => void,
    mergeKey: string | null = null,
  ): boolean {
    const [next, patches, inverse] = produceWithPatches(this.current, recipe)
    if (!patches.length) return false
    this.current = next
    this.future = []
    const at = this.now()
    const last = this.past.at(-1)
    // A gesture (one drag) is one step however slowly it goes; other keys merge within the window.
    const gesture = mergeKey?.startsWith(GESTURE_PREFIX)
    if (mergeKey && last && last.mergeKey === mergeKey && (gesture || at - last.at < MERGE_WINDOW_MS)) {
      last.patches.push(...patches)
      last.inverse.unshift(...inverse)
      last.at = at
    } else {
      this.past.push({ label, mergeKey, at, patches, inverse })
      if (this.past.length > LIMIT) this.past.shift()
    }
    return true
  }

  undo(): boolean {
    const step = this.past.pop()
    if (!step) return false
    this.current = applyPatches(this.current, step.inverse)
    this.future.push(step)
    return true
  }

  redo(): boolean {
    const step = this.future.pop()
    if (!step) return false
    this.current = applyPatches(this.current, step.patches)
    this.past.push({ ...step, at: 0 })
    return true
  }

  /** Takes a document from elsewhere (the server's newer version): history no longer applies to it. */
  reset(doc: ProjectDocument): void {
    this.current = doc
    this.past = []
    this.future = []
  }

  /** Takes server-side changes to parts the user did not edit (e.g. new audio) without losing history. */
  merge(recipe: (draft: Draft<ProjectDocument>) => void): void {
    const [next] = produceWithPatches(this.current, recipe)
    this.current = next
  }
}
