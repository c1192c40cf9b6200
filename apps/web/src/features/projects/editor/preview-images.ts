/**
 * Timeline thumbnails cached in the browser's IndexedDB table `previewImgs {id, dataUrl, spf,
 * projectId}` (SPEC §3), so reopening a project shows its frames at once. The id carries a hash of
 * what the frame shows, so an edited scene gets new thumbnails and never a stale one.
 */
const DB = 'mouthpiece-editor'
const STORE = 'previewImgs'

export interface PreviewImg {
  id: string
  dataUrl: string
  spf: number
  projectId: number
}

let opening: Promise<IDBDatabase | null> | null = null
function db(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null)
    const req = indexedDB.open(DB, 1)
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'id' })
      store.createIndex('projectId', 'projectId')
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => resolve(null)
  })
  return opening
}

export async function getPreview(id: string): Promise<PreviewImg | undefined> {
  const d = await db()
  if (!d) return undefined
  return new Promise((resolve) => {
    const req = d.transaction(STORE).objectStore(STORE).get(id)
    req.onsuccess = () => resolve(req.result as PreviewImg | undefined)
    req.onerror = () => resolve(undefined)
  })
}

export async function putPreview(img: PreviewImg): Promise<void> {
  const d = await db()
  if (!d) return
  await new Promise<void>((resolve) => {
    const tx = d.transaction(STORE, 'readwrite')
    tx.objectStore(STORE).put(img)
    tx.oncomplete = () => resolve()
    tx.onerror = () => resolve()
  })
}

/** The project's first-frame thumbnail for the projects list (the frame at 0 s of any zoom). */
export async function projectThumbnail(projectId: number): Promise<string | undefined> {
  return (await getPreview(`${projectId}:cover`))?.dataUrl
}

/** A short stable hash (FNV-1a) of a string: keys thumbnails by what they show. */
export function contentHash(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}
