/**
 * /dashboard/asset-management: a user's stored files across the modules that keep them — project
 * uploads and backgrounds, audio uploads (voices), audio takes (project documents), renders and
 * custom avatars — with the bytes each uses, read from storage (never trusted from a row). Deletes
 * go through each owner module's own delete, so the same rules (cancel a running render, drop the
 * row with its files) apply as everywhere else.
 */
import { ASSET_LIBRARY_PAGE_SIZE } from '@mouthpiece/contracts/projects/asset-library.contract'
import type {
  AssetKind,
  StorageUse,
  StoredAsset,
} from '@mouthpiece/contracts/projects/asset-library.contract'
import { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import { ProcessStatus, RenderStatus } from '@mouthpiece/contracts/statuses'
import { AppError } from '../../../platform/http/errors'
import type { Storage } from '../../../platform/storage/storage'
import { remove, userAudioUploads, wavName } from '../../voices'
import { remove as rendersServiceRemove, rendersDeps, presentFiles, userRenders } from '../../renders'
import { remove as avatarsRemove, userCustomAvatars } from '../../avatars'
import * as repo from '../projects.repo'
import { projectFileKey, projectFileUrl, takeFileName } from '../audio/scene-audio'
import { systemWrite } from '../projects.service'
import type { ProjectsDeps } from '../projects.deps'

/** Enough for any real account; past it the oldest entries are left out of the page (not of the bytes). */
const MAX_ROWS = 500
const assetNotFound = () => new AppError('not_found', 'File not found', 404)

const seconds = (s: number | null | undefined) =>
  s ? ` · ${s < 60 ? `${Math.round(s)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`}` : ''
const sizeOf = async (storage: Storage, key: string | null | undefined) =>
  key ? ((await storage.stat(key).catch(() => null))?.size ?? 0) : 0

/** Every stored file of the user, newest first within each kind. */
async function inventory(deps: ProjectsDeps, userId: number): Promise<StoredAsset[]> {
  const { db, storage } = deps
  const items: StoredAsset[] = []

  // Project backgrounds (uploads).
  for (const bg of await repo.listBackgrounds(db, userId)) {
    items.push({
      kind: 'uploads',
      id: `background:${bg.id}`,
      name: bg.name,
      detail: `Background ${bg.type}${seconds(bg.duration)}`,
      media: bg.type,
      preview_url: `/api/project-backgrounds/${bg.id}/file`,
      download_url: `/api/project-backgrounds/${bg.id}/file`,
      bytes: await sizeOf(storage, bg.file_key),
      created_at: bg.created_at.toISOString(),
      locked: null,
    })
  }

  // Audio uploads (voices module: voice match samples, own recordings).
  const audioRows = await userAudioUploads(db, userId, MAX_ROWS)
  for (const row of audioRows) {
    const ready = row.status === ProcessStatus.successfully && row.wav_key
    const link = ready ? `/api/audio/download?file_name=${wavName(row.id)}` : null
    items.push({
      kind: 'uploads',
      id: `upload:${row.id}`,
      name: row.original_name,
      detail: `Audio upload${seconds(row.duration)}${ready ? '' : ` · ${row.stage}`}`,
      media: 'audio',
      preview_url: link,
      download_url: link,
      bytes: (await sizeOf(storage, row.original_key)) + (await sizeOf(storage, row.wav_key)),
      created_at: row.created_at.toISOString(),
      locked: null,
    })
  }

  // Project files: asset uploads, base videos (uploads) and audio takes.
  const projectRows = await repo.userProjects(db, userId, MAX_ROWS)
  for (const p of projectRows) {
    const doc = ProjectDocument.parse(p.document)
    const listed = new Map(
      (await storage.list(`projects/${p.id}/`)).map((o) => [o.key.slice(o.key.lastIndexOf('/') + 1), o]),
    )
    const used = new Set<string>()
    if (doc.origin.file) used.add(doc.origin.file)
    for (const s of doc.scenes) for (const a of s.assets) if (a.file) used.add(a.file)
    for (const [name, o] of listed) {
      if (name.startsWith('audio_id_')) continue
      const base = name.startsWith('video_id_')
      const media = base || name.endsWith('.video') ? 'video' : name.endsWith('.audio') ? 'audio' : 'image'
      items.push({
        kind: 'uploads',
        id: `file:${p.id}:${name}`,
        name: base
          ? `Base video of ${p.name}`
          : `${media === 'image' ? 'Picture' : media === 'video' ? 'Video' : 'Sound'} in ${p.name}`,
        detail: base ? `Reaction/origin video${seconds(doc.origin.duration)}` : `Project asset`,
        media,
        preview_url: projectFileUrl(p.id, name),
        download_url: projectFileUrl(p.id, name),
        bytes: o.size,
        created_at: o.modifiedAt.toISOString(),
        locked: used.has(name) ? `Used in ${p.name}. Remove it from the project first.` : null,
      })
    }
    const seen = new Set<string>()
    doc.scenes.forEach((scene, i) => {
      for (const take of scene.audioData.generatedLinks) {
        const o = listed.get(takeFileName(take.id))
        if (!o) continue
        seen.add(takeFileName(take.id))
        items.push({
          kind: 'audio',
          id: `take:${p.id}:${take.id}`,
          name: take.text.slice(0, 80) || `Scene ${i + 1}`,
          detail: `Take of scene ${i + 1} in ${p.name}${seconds(take.duration)}`,
          media: 'audio',
          preview_url: take.url,
          download_url: take.url,
          bytes: o.size,
          created_at: o.modifiedAt.toISOString(),
          locked:
            scene.audioData.audioFile === take.id
              ? 'Scene ' + (i + 1) + ' of ' + p.name + ' uses this take. Pick another take first.'
              : null,
        })
      }
    })
    // Takes of text since edited: no scene lists them, but undo can bring them back, so their files stay until deleted here.
    for (const [name, o] of listed) {
      const takeId = /^audio_id_([A-Za-z0-9_-]+)\.wav$/.exec(name)?.[1]
      if (!takeId || seen.has(name)) continue
      items.push({
        kind: 'audio',
        id: `take:${p.id}:${takeId}`,
        name: `Earlier take in ${p.name}`,
        detail: 'Of a script since edited; kept so undo can bring it back',
        media: 'audio',
        preview_url: projectFileUrl(p.id, name),
        download_url: projectFileUrl(p.id, name),
        bytes: o.size,
        created_at: o.modifiedAt.toISOString(),
        locked: null,
      })
    }
  }

  // Renders (quick creates, short audio, final videos of projects).
  const renderRows = await userRenders(db, userId, MAX_ROWS)
  for (const r of renderRows) {
    const files = presentFiles(r)
    const keys = [...new Set(Object.values(r.files).filter((k): k is string => Boolean(k)))]
    const bytes = (await Promise.all(keys.map((k) => sizeOf(storage, k)))).reduce((a, b) => a + b, 0)
    const main = r.kind === 'audio' ? files.audio_url : files.video_url
    const running = r.status !== RenderStatus.completed && r.status !== RenderStatus.issue
    items.push({
      kind: 'renders',
      id: `render:${r.id}`,
      name: r.title || r.text.slice(0, 60) || 'Untitled',
      detail: `${r.source === 'project' ? 'Project video' : r.kind === 'audio' ? 'Audio' : 'Video'}${seconds(r.duration)}${running ? ' · rendering' : r.status === RenderStatus.issue ? ' · failed' : ''}`,
      media: r.kind === 'audio' ? 'audio' : 'video',
      preview_url: main,
      download_url: main ? `${main}?download=1` : null,
      bytes,
      created_at: r.created_at.toISOString(),
      locked: null,
    })
  }

  // Custom avatars.
  const avatarRows = await userCustomAvatars(db, userId, MAX_ROWS)
  for (const a of avatarRows) {
    const preview = `/api/custom-avatar/${a.id}/preview.png`
    items.push({
      kind: 'avatars',
      id: `avatar:${a.id}`,
      name: a.name,
      detail: a.look.photo ? 'Photo avatar' : 'Custom avatar',
      media: 'image',
      preview_url: preview,
      download_url: preview,
      bytes: (await sizeOf(storage, a.preview_key)) + (await sizeOf(storage, a.look.photo?.key)),
      created_at: a.created_at.toISOString(),
      locked: null,
    })
  }
  return items
}

function usage(items: StoredAsset[]): StorageUse {
  const by_kind = { uploads: 0, audio: 0, renders: 0, avatars: 0 }
  const counts = { uploads: 0, audio: 0, renders: 0, avatars: 0 }
  for (const i of items) {
    by_kind[i.kind] += i.bytes
    counts[i.kind] += 1
  }
  return { total_bytes: by_kind.uploads + by_kind.audio + by_kind.renders + by_kind.avatars, by_kind, counts }
}

export async function listAssets(deps: ProjectsDeps, userId: number, kind: AssetKind, page: number) {
  const all = await inventory(deps, userId)
  const mine = all.filter((i) => i.kind === kind).sort((a, b) => b.created_at.localeCompare(a.created_at))
  const size = ASSET_LIBRARY_PAGE_SIZE
  return {
    list: mine.slice((page - 1) * size, page * size),
    total: mine.length,
    lastPage: Math.max(1, Math.ceil(mine.length / size)),
    storage: usage(all),
  }
}

/** Deletes one stored file by its library id; a file still in use is refused with the reason, and nothing changes. */
export async function deleteAsset(deps: ProjectsDeps, userId: number, id: string): Promise<StorageUse> {
  const [type, a, b] = id.split(':')
  const owner = { userId, visitorId: null }
  switch (type) {
    case 'background': {
      const row = a ? await repo.deleteBackground(deps.db, userId, a).catch(() => undefined) : undefined
      if (!row) throw assetNotFound()
      await deps.storage.delete(row.file_key)
      break
    }
    case 'upload':
      if (!a || !/^[0-9a-f-]{36}$/.test(a)) throw assetNotFound()
      await remove(deps, owner, a).catch(() => {
        throw assetNotFound()
      })
      break
    case 'render':
      if (!a || !/^[0-9a-f-]{36}$/.test(a)) throw assetNotFound()
      await rendersServiceRemove(rendersDeps(deps), owner, a).catch(() => {
        throw assetNotFound()
      })
      break
    case 'avatar':
      if (!a || !/^\d{1,9}$/.test(a)) throw assetNotFound()
      await avatarsRemove(deps, userId, Number(a))
      break
    case 'file':
    case 'take':
      await deleteProjectFile(deps, userId, type, Number(a), b ?? '')
      break
    default:
      throw assetNotFound()
  }
  return usage(await inventory(deps, userId))
}

async function deleteProjectFile(
  deps: ProjectsDeps,
  userId: number,
  type: 'file' | 'take',
  projectId: number,
  name: string,
): Promise<void> {
  if (!Number.isInteger(projectId) || !/^[A-Za-z0-9_.-]{1,120}$/.test(name)) throw assetNotFound()
  const row = await repo.findOwned(deps.db, userId, projectId)
  if (!row) throw assetNotFound()
  const file = type === 'take' ? takeFileName(name) : name
  if (type === 'file' && file.startsWith('audio_id_')) throw assetNotFound()
  if (!(await deps.storage.stat(projectFileKey(projectId, file)))) throw assetNotFound()
  // Undo can bring back any of the last snapshots: a file one of them (or the current document) names stays.
  const snapshots = await repo.historyDocuments(deps.db, projectId)
  const inUse = (doc: ProjectDocument) =>
    type === 'take'
      ? doc.scenes.some((s) => s.audioData.audioFile === name)
      : doc.origin.file === file || doc.scenes.some((s) => s.assets.some((x) => x.file === file))
  const doc = ProjectDocument.parse(row.document)
  if (inUse(doc))
    throw new AppError(
      'in_use',
      type === 'take'
        ? 'A scene uses this take. Pick another take first.'
        : `This file is used in ${row.name}. Remove it from the project first.`,
      409,
    )
  if (snapshots.some((s) => inUse(ProjectDocument.parse(s.document)))) {
    throw new AppError(
      'in_use',
      'An earlier version of the project (undo) still uses this file. Keep editing and try again later.',
      409,
    )
  }
  if (type === 'take') {
    await systemWrite(deps, projectId, 'audioData', (d) => {
      if (!d.scenes.some((s) => s.audioData.generatedLinks.some((t) => t.id === name))) return null
      return {
        ...d,
        scenes: d.scenes.map((s) => ({
          ...s,
          audioData: {
            ...s.audioData,
            generatedLinks: s.audioData.generatedLinks.filter((t) => t.id !== name),
          },
        })),
      }
    })
  }
  await deps.storage.delete(projectFileKey(projectId, file))
}
