import { useEffect } from 'react'
import { COMMANDS, matchShortcut } from '@mouthpiece/editor/commands'
import type { ProjectEditor } from './use-project-editor'
import type { Playback } from './use-playback'

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)

/**
 * The editor's keys: undo Ctrl+Z, redo Ctrl+Shift+Z (or Ctrl+Y), play/pause Space, and the scene
 * commands' own shortcuts from the command registry (split, duplicate, delete, add). Keys that
 * mean something while typing (Space, Delete) are left to the text box.
 */
export function useEditorShortcuts(editor: ProjectEditor, playback: Playback, currentId: string | undefined) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inText = typing(e.target)
      if (matchShortcut(e, 'Mod+Z')) {
        e.preventDefault()
        editor.undo()
      } else if (matchShortcut(e, 'Mod+Shift+Z') || matchShortcut(e, 'Mod+Y')) {
        e.preventDefault()
        editor.redo()
      } else if (!inText && matchShortcut(e, 'Space')) {
        e.preventDefault()
        playback.toggle()
      } else if (currentId) {
        const textBox = inText && e.target instanceof HTMLTextAreaElement ? e.target : null
        if (matchShortcut(e, COMMANDS['scene.split'].shortcut!)) {
          e.preventDefault()
          const scene = editor.doc.scenes.find((s) => s.id === currentId)
          editor.run('scene.split', {
            sceneId: currentId,
            at: textBox?.selectionStart ?? Math.floor((scene?.text.length ?? 0) / 2),
          })
        } else if (matchShortcut(e, COMMANDS['scene.duplicate'].shortcut!)) {
          e.preventDefault()
          editor.run('scene.duplicate', { sceneId: currentId })
        } else if (matchShortcut(e, COMMANDS['scene.add'].shortcut!)) {
          e.preventDefault()
          editor.run('scene.add', { afterId: currentId })
        } else if (!inText && matchShortcut(e, COMMANDS['scene.delete'].shortcut!)) {
          e.preventDefault()
          editor.run('scene.delete', { sceneId: currentId })
        }
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [editor, playback, currentId])
}
