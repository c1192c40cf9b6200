/**
 * Worker thread that composes avatar videos and project videos (drawing frames is CPU work; ffmpeg runs beside it), so
 * the process's event loop keeps serving HTTP, job heartbeats and progress while a video renders.
 * Spoken to only by media-engine.ts; one render at a time.
 */
import { parentPort } from 'node:worker_threads'
import { renderAvatarVideo } from '@mouthpiece/media/render/compositor'
import { renderProjectVideo } from './project-video'
import type { RenderThreadRequest, RenderThreadResponse } from './media-engine'

const port = parentPort
if (!port) throw new Error('render-thread must run in a worker thread')

const running = new Map<number, AbortController>()

const send = (message: RenderThreadResponse) => port.postMessage(message)

port.on('message', (message: RenderThreadRequest) => {
  if (message.type === 'abort') {
    running.get(message.id)?.abort()
    return
  }
  const { id } = message
  const controller = new AbortController()
  running.set(id, controller)
  let lastSent = 0
  const onProgress = (progress: number, stage: string) => {
    // Progress is called every 10 frames; the owner needs a few updates a second at most.
    const now = Date.now()
    if (now - lastSent < 200 && progress < 1) return
    lastSent = now
    send({ type: 'progress', id, progress, stage })
  }
  const work =
    message.type === 'project'
      ? renderProjectVideo({
          ...message.input,
          signal: controller.signal,
          onProgress: (f) => onProgress(f, 'rendering the scenes'),
        })
      : renderAvatarVideo({ ...message.input, signal: controller.signal, onProgress })
  work
    .then(
      (result) => send({ type: 'done', id, result }),
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error))
        send({ type: 'error', id, name: e.name, message: e.message, code: (e as { code?: string }).code })
      },
    )
    .finally(() => running.delete(id))
})
