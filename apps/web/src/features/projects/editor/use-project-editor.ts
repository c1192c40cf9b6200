import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { getProject, updateProject } from '@mouthpiece/contracts/projects/projects.contract'
import { VERSION_CONFLICT_CODE } from '@mouthpiece/contracts/projects/projects.schemas'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { runCommand } from '@mouthpiece/editor/commands'
import type { CommandArgs, CommandId } from '@mouthpiece/editor/commands'
import { DocumentHistory } from '@mouthpiece/editor/history'
import { adoptServerAudio } from '@mouthpiece/editor/server-merge'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { api, isSuccess } from '../../../lib/api'
import type { ApiResult } from '../../../lib/api-result'
import { subscribe } from '../../../lib/socket'
import { projectsKeys } from '../api'

/** Shown after a stale save (409): what happened and what the user sees now. */
export const CONFLICT_NOTICE =
  'This project was changed in another tab or window, so the newest version is loaded here. Your last change in this tab was not saved.'

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'error'

/** Autosave waits for a pause in editing this long. */
export const AUTOSAVE_DELAY_MS = 700

/**
 * The editor's document state: local history (undo/redo with immer patches), autosave of the whole
 * document against the version it was based on, and the stale-version path — a 409 reloads the
 * newer version and says so, nothing is silently overwritten.
 */
export function useProjectEditor(initial: Project) {
  const client = useQueryClient()
  const history = useRef(new DocumentHistory(initial.document)).current
  const [tick, setTick] = useState(0)
  const listeners = useRef(new Set<() => void>())
  const meta = useRef({
    id: initial.id,
    version: initial.version,
    saved: initial.document,
    name: initial.name,
  })
  const [saveState, setSaveState] = useState<SaveState>('saved')
  const [notice, setNotice] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const saving = useRef<Promise<void> | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const changed = useCallback(() => {
    setTick((n) => n + 1)
    for (const l of listeners.current) l()
  }, [])

  const reload = useCallback(
    async (message: string | null) => {
      const res = await api(getProject, { params: { id: meta.current.id } })
      if (!isSuccess(res)) return
      meta.current = {
        ...meta.current,
        version: res.project.version,
        saved: res.project.document,
        name: res.project.name,
      }
      history.reset(res.project.document)
      client.setQueryData(projectsKeys.one(meta.current.id), res)
      setNotice(message)
      setSaveState('saved')
      changed()
    },
    [client, history, changed],
  )

  const save = useCallback(async (): Promise<void> => {
    if (saving.current) return saving.current
    const doc = history.doc
    if (doc === meta.current.saved) return
    setSaveState('saving')
    const run = (async () => {
      const res = await api(updateProject, {
        params: { id: meta.current.id },
        body: { version: meta.current.version, document: doc },
      })
      if (!isSuccess(res)) {
        if (res.code === VERSION_CONFLICT_CODE || res.httpStatus === 409) {
          await reload(CONFLICT_NOTICE)
          return
        }
        setSaveError(res.message)
        setSaveState('error')
        return
      }
      const server = res.project.document
      meta.current = { ...meta.current, version: res.project.version, name: res.project.name }
      if (history.doc === doc) {
        history.merge(() => server)
        meta.current.saved = history.doc
      } else {
        history.merge((draft) => adoptServerAudio(draft, server))
        meta.current.saved = server
      }
      client.setQueryData(projectsKeys.one(meta.current.id), {
        ...res,
        project: { ...res.project, document: history.doc },
      })
      setSaveError(null)
      setSaveState(history.doc === meta.current.saved ? 'saved' : 'unsaved')
      changed()
    })()
    saving.current = run
    try {
      await run
    } finally {
      saving.current = null
    }
    // Edits made during the save go out next.
    if (history.doc !== meta.current.saved && saveStateRef.current !== 'error') schedule()
  }, [client, history, reload, changed]) // eslint-disable-line react-hooks/exhaustive-deps

  /** Takes a newer server version (from a server action or a job) without losing local edits or history. */
  const adopt = useCallback(
    (project: Project) => {
      if (project.version < meta.current.version) return
      meta.current = { ...meta.current, version: project.version, name: project.name }
      if (history.doc === meta.current.saved) {
        history.merge(() => project.document)
        meta.current.saved = history.doc
      } else {
        history.merge((draft) => adoptServerAudio(draft, project.document))
        meta.current.saved = project.document
      }
      client.setQueryData(projectsKeys.one(meta.current.id), {
        status: 1,
        project: { ...project, document: history.doc },
      })
      changed()
    },
    [client, history, changed],
  )

  /**
   * A server action on the project (make takes, pick a take…): local edits are saved first, the
   * call names the version it is based on, and its answer is adopted. Answers an error message.
   */
  const action = useCallback(
    async (call: (version: number) => Promise<ApiResult<{ project: Project }>>): Promise<string | null> => {
      if (timer.current) clearTimeout(timer.current)
      await save()
      const res = await call(meta.current.version)
      if (isSuccess(res)) {
        adopt(res.project)
        return null
      }
      if (res.code === VERSION_CONFLICT_CODE || res.httpStatus === 409) await reload(CONFLICT_NOTICE)
      return res.message
    },
    [save, adopt, reload],
  )

  // Jobs (takes made in the background) announce a new version on the owner's socket: fetch and adopt it.
  useEffect(
    () =>
      subscribe(RealtimeEvent.exportOutput, (payload) => {
        if (Number(payload.project_id) !== meta.current.id || Number(payload.version) <= meta.current.version)
          return
        void api(getProject, { params: { id: meta.current.id } }).then(
          (res) => isSuccess(res) && adopt(res.project),
        )
      }),
    [adopt],
  )

  const saveStateRef = useRef(saveState)
  saveStateRef.current = saveState

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
  }, [save])

  const afterEdit = useCallback(() => {
    setSaveState('unsaved')
    setNotice(null)
    changed()
    schedule()
  }, [changed, schedule])

  const run = useCallback(
    <K extends CommandId>(id: K, args: CommandArgs[K]) => {
      if (runCommand(history, id, args)) afterEdit()
    },
    [history, afterEdit],
  )

  const undo = useCallback(() => history.undo() && afterEdit(), [history, afterEdit])
  const redo = useCallback(() => history.redo() && afterEdit(), [history, afterEdit])

  // Leaving with unsaved edits: save now and warn while it is in flight.
  useEffect(() => {
    const onLeave = (e: BeforeUnloadEvent) => {
      if (history.doc !== meta.current.saved) {
        void save()
        e.preventDefault()
      }
    }
    window.addEventListener('beforeunload', onLeave)
    return () => {
      window.removeEventListener('beforeunload', onLeave)
      if (timer.current) clearTimeout(timer.current)
    }
  }, [history, save])

  const listen = useCallback((l: () => void) => {
    listeners.current.add(l)
    return () => {
      listeners.current.delete(l)
    }
  }, [])
  const doc = useSyncExternalStore(listen, () => history.doc)

  return useMemo(
    () => ({
      doc,
      projectId: meta.current.id,
      get version() {
        return meta.current.version
      },
      name: meta.current.name,
      run,
      undo,
      redo,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
      undoLabel: history.undoLabel,
      redoLabel: history.redoLabel,
      saveState,
      saveError,
      notice,
      dismissNotice: () => setNotice(null),
      saveNow: save,
      reload,
      action,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, run, undo, redo, history, saveState, saveError, notice, save, reload, action, tick],
  )
}

export type ProjectEditor = ReturnType<typeof useProjectEditor>
