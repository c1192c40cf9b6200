import { useEffect, useMemo, useRef, useState } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PLACEMENTS, PLACEMENT_IDS } from '@mouthpiece/contracts/ads/placements'
import type { PlacementId } from '@mouthpiece/contracts/ads/placements'
import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import type { CanvasView } from '@mouthpiece/contracts/ads/images'
import {
  addCanvasAsset,
  canvasAssetPriority,
  canvasAssetText,
  canvasAssetVisibility,
  exportAdPlacement,
  exportAdZip,
  regenerateTextGroup,
  transformCanvasAsset,
} from '@mouthpiece/contracts/ads/images'
import { captionFace } from '@mouthpiece/editor/caption-fonts'
import { CAPTION_FONTS } from '@mouthpiece/contracts/constants'
import type { CaptionFont } from '@mouthpiece/contracts/constants'
import { placeAsset } from '@mouthpiece/editor/ads/ad-apart'
import { drawAd, drawOrder } from '@mouthpiece/editor/ads/draw-ad'
import type { AdCtx } from '@mouthpiece/editor/ads/draw-ad'
import { Button } from '../../../components/ui/button'
import { TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { API_BASE_URL, api, isSuccess } from '../../../lib/api'
import type { ApiResult } from '../../../lib/api-result'
import { downloadFile } from '../../../lib/download'
import { loadFace } from '../../../lib/caption-fonts-browser'
import { brandQuery } from '../api'
import { adImagesKeys, canvasQuery } from './api'
import { brandFontFiles, loadBrandFonts } from './brand-fonts-browser'

const images = new Map<string, HTMLImageElement>()
function loadImage(url: string): Promise<HTMLImageElement> {
  const hit = images.get(url)
  if (hit?.complete) return Promise.resolve(hit)
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => {
      images.set(url, img)
      resolve(img)
    }
    img.onerror = () => reject(new Error(`Could not load ${url}`))
    img.src = `${API_BASE_URL}${url}`
  })
}

/**
 * The fonts a canvas draws with, loaded as the renderer registers them (same files, same names):
 * caption fonts by their shipped faces, a brand's own family from its uploaded file (`brandFiles`).
 */
async function loadFonts(assets: CanvasAsset[], brandFiles: Map<string, string>): Promise<void> {
  const faces = new Set<string>()
  const loads: Array<Promise<void>> = [
    loadBrandFonts(
      assets.flatMap((a) => (a.font ? [a.font.family] : [])),
      brandFiles,
    ),
  ]
  for (const a of assets) {
    if (!a.font) continue
    const family = (CAPTION_FONTS as readonly string[]).includes(a.font.family)
      ? (a.font.family as CaptionFont)
      : 'Roboto'
    for (const face of [captionFace(family, a.font.weight), captionFace('Roboto', a.font.weight)]) {
      if (faces.has(face.family)) continue
      faces.add(face.family)
      loads.push(loadFace(face))
    }
  }
  await Promise.all(loads)
}

type Drag = {
  id: string
  mode: 'move' | 'scale' | 'rotate'
  startX: number
  startY: number
  orig: CanvasAsset
  current: CanvasAsset
}

const HANDLE = 14

/** The canvas of assets for one placement: drag to move, the corner handle scales, the top one rotates. */
export function AdCanvasEditor({ generationId, brandId }: { generationId: number; brandId: number | null }) {
  const [placement, setPlacement] = useState<PlacementId>('square')
  const query = useQuery(canvasQuery(generationId, placement))
  const brand = useQuery({ ...brandQuery(brandId ?? 0), enabled: brandId !== null })
  const brandFiles = useMemo(() => brandFontFiles(brand.data?.brand.fonts), [brand.data])
  const client = useQueryClient()
  const view = query.data
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [decoded, setDecoded] = useState<Map<string, HTMLImageElement>>(new Map())
  const [selected, setSelected] = useState<string | null>(null)
  const [drag, setDrag] = useState<Drag | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [text, setText] = useState('')
  const [hint, setHint] = useState<string | null>(null)

  const canvas = useMemo(() => {
    if (!view) return undefined
    if (!drag) return view.canvas
    return { ...view.canvas, assets: view.canvas.assets.map((a) => (a.id === drag.id ? drag.current : a)) }
  }, [view, drag])
  const chosen = canvas?.assets.find((a) => a.id === selected)

  useEffect(() => {
    if (!view) return
    let live = true
    void Promise.all([
      loadFonts(view.canvas.assets, brandFiles),
      ...Object.entries(view.images).map(
        async ([key, url]) => [key, await loadImage(url).catch(() => null)] as const,
      ),
    ]).then(([, ...pairs]) => {
      if (live)
        setDecoded(new Map(pairs.filter((p): p is readonly [string, HTMLImageElement] => Boolean(p?.[1]))))
    })
    return () => {
      live = false
    }
  }, [view, brandFiles])

  useEffect(() => {
    const el = canvasRef.current
    if (!el || !canvas) return
    const ctx = el.getContext('2d') as unknown as AdCtx
    drawAd(ctx, canvas, decoded, { width: el.width, height: el.height, ghostHidden: true })
    if (chosen) {
      const k = el.width / canvas.width
      const c = ctx as unknown as CanvasRenderingContext2D
      c.save()
      c.translate((chosen.x + chosen.w / 2) * k, (chosen.y + chosen.h / 2) * k)
      c.rotate((chosen.rotation * Math.PI) / 180)
      c.strokeStyle = '#FF6A59'
      c.lineWidth = 2
      c.strokeRect((-chosen.w / 2) * k, (-chosen.h / 2) * k, chosen.w * k, chosen.h * k)
      c.fillStyle = '#FF6A59'
      c.fillRect((chosen.w / 2) * k - HANDLE / 2, (chosen.h / 2) * k - HANDLE / 2, HANDLE, HANDLE)
      c.beginPath()
      c.arc(0, (-chosen.h / 2) * k - 22, HANDLE / 2, 0, Math.PI * 2)
      c.fill()
      c.restore()
    }
  }, [canvas, decoded, chosen])

  useEffect(
    () => setText(chosen?.kind === 'text' ? (chosen.text ?? '') : ''),
    [chosen?.id, chosen?.kind, chosen?.text],
  )

  const shown = useMemo(() => {
    const { width, height } = PLACEMENTS[placement]
    const k = Math.min(560 / width, 480 / height, 1)
    return { width: Math.round(width * k), height: Math.round(height * k), k }
  }, [placement])

  async function save(call: () => Promise<ApiResult<CanvasView>>) {
    setBusy(true)
    setError(null)
    const result = await call()
    setBusy(false)
    if (isSuccess(result)) client.setQueryData(adImagesKeys.canvas(generationId, placement), result)
    else setError(result.message)
    await client.invalidateQueries({ queryKey: adImagesKeys.allGenerations })
  }
  const params = (assetId: string) => ({ id: generationId, placement, assetId })

  const toCanvas = (e: ReactPointerEvent) => {
    const r = canvasRef.current!.getBoundingClientRect()
    return { x: (e.clientX - r.left) / shown.k, y: (e.clientY - r.top) / shown.k }
  }
  function hit(p: { x: number; y: number }): CanvasAsset | undefined {
    return [...drawOrder(canvas!.assets)]
      .reverse()
      .find(
        (a) => a.role !== 'background' && p.x >= a.x && p.x <= a.x + a.w && p.y >= a.y && p.y <= a.y + a.h,
      )
  }
  function onDown(e: ReactPointerEvent) {
    if (!canvas) return
    const p = toCanvas(e)
    if (chosen) {
      const cx = chosen.x + chosen.w / 2
      const near = (x: number, y: number) => Math.hypot(p.x - x, p.y - y) * shown.k < HANDLE
      if (near(chosen.x + chosen.w, chosen.y + chosen.h)) return start('scale', chosen)
      if (near(cx, chosen.y - 22 / shown.k)) return start('rotate', chosen)
    }
    const found = hit(p)
    setSelected(found?.id ?? null)
    if (found) start('move', found)
    function start(mode: Drag['mode'], a: CanvasAsset) {
      ;(e.target as HTMLElement).setPointerCapture(e.pointerId)
      setDrag({ id: a.id, mode, startX: p.x, startY: p.y, orig: a, current: a })
    }
  }
  function onMove(e: ReactPointerEvent) {
    if (!drag) return
    const p = toCanvas(e)
    const o = drag.orig
    let current = o
    if (drag.mode === 'move') current = { ...o, x: o.x + p.x - drag.startX, y: o.y + p.y - drag.startY }
    if (drag.mode === 'scale') {
      const k = Math.max(0.1, Math.max((p.x - o.x) / o.w, (p.y - o.y) / o.h))
      current = { ...o, w: o.w * k, h: o.h * k }
    }
    if (drag.mode === 'rotate') {
      const angle = (Math.atan2(p.y - (o.y + o.h / 2), p.x - (o.x + o.w / 2)) * 180) / Math.PI + 90
      current = { ...o, rotation: Math.round(((angle + 540) % 360) - 180) }
    }
    setDrag({ ...drag, current })
  }
  async function onUp() {
    if (!drag || !canvas) return
    // The server's rule too (decision 0076): inside the safe area, and text and the product apart;
    // a drop over the other moves off it, or goes back with a hint.
    const apart =
      drag.mode === 'rotate'
        ? { asset: drag.current, nudged: false, kept: false }
        : placeAsset(drag.current, canvas.assets, canvas.width, canvas.height)
    setHint(
      !apart
        ? 'Text and the product stay apart: there is no room beside the product here, so it went back.'
        : apart.nudged
          ? drag.current.kind === 'text'
            ? 'Moved off the product: text and the product stay apart.'
            : 'Moved off the text: text and the product stay apart.'
          : apart.kept
            ? 'Kept inside the safe area, so the edge does not cut it.'
            : null,
    )
    const a = apart?.asset ?? drag.orig
    const moved =
      a.x !== drag.orig.x || a.y !== drag.orig.y || a.w !== drag.orig.w || a.rotation !== drag.orig.rotation
    if (moved) {
      await save(() =>
        api(transformCanvasAsset, {
          params: params(a.id),
          body: {
            x: Math.round(a.x),
            y: Math.round(a.y),
            w: Math.max(1, Math.round(a.w)),
            h: Math.max(1, Math.round(a.h)),
            rotation: a.rotation,
          },
        }),
      )
    }
    setDrag(null)
  }

  return (
    <section className="rounded-2xl border border-white/10 bg-neutral-900 p-4" aria-label="Canvas editor">
      <div className="mb-3 flex flex-wrap gap-2" role="tablist" aria-label="Placements">
        {PLACEMENT_IDS.map((p) => (
          <button
            key={p}
            role="tab"
            aria-selected={p === placement}
            onClick={() => {
              setPlacement(p)
              setSelected(null)
            }}
            className={`rounded-full px-3 py-1 text-xs ${p === placement ? 'bg-[#FF6A59] text-black' : 'bg-white/5 text-neutral-300 hover:bg-white/10'}`}
          >
            {PLACEMENTS[p].label}
          </button>
        ))}
      </div>
      {query.isError ? (
        <p role="alert" className="text-red-300">
          This canvas could not be loaded. Please try again.
        </p>
      ) : null}
      {!canvas ? (
        <LoadingBlock label="Loading the canvas…" />
      ) : (
        <div className="flex flex-col gap-4 lg:flex-row">
          <div className="flex min-h-[200px] flex-1 items-center justify-center rounded-xl bg-[repeating-conic-gradient(#222_0_25%,#2a2a2a_0_50%)] bg-[length:20px_20px] p-3">
            <canvas
              ref={canvasRef}
              data-testid="ad-canvas"
              width={shown.width}
              height={shown.height}
              style={{ width: shown.width, height: shown.height, touchAction: 'none' }}
              className="cursor-move shadow-2xl"
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={() => void onUp()}
            />
          </div>
          <aside className="w-full space-y-3 lg:w-72">
            <h3 className="text-sm font-semibold text-neutral-200">Layers</h3>
            <ul className="max-h-64 space-y-1 overflow-auto" aria-label="Layers">
              {[...drawOrder(canvas.assets)].reverse().map((a) => (
                <li
                  key={a.id}
                  className={`flex items-center gap-2 rounded px-2 py-1 text-sm ${a.id === selected ? 'bg-[#FF6A59]/20' : 'bg-white/5'}`}
                >
                  <button className="flex-1 truncate text-left" onClick={() => setSelected(a.id)}>
                    {a.kind === 'text' ? `“${a.text}”` : `${a.role} (${a.kind})`}
                  </button>
                  <button
                    aria-label={`${a.visible ? 'Hide' : 'Show'} ${a.id}`}
                    className="text-xs text-neutral-400"
                    disabled={busy}
                    onClick={() =>
                      void save(() =>
                        api(canvasAssetVisibility, { params: params(a.id), body: { visible: !a.visible } }),
                      )
                    }
                  >
                    {a.visible ? 'Hide' : 'Show'}
                  </button>
                </li>
              ))}
            </ul>
            {chosen ? (
              <div className="space-y-2 rounded-xl bg-white/5 p-3">
                <p className="text-xs text-neutral-400">Selected: {chosen.id}</p>
                <div className="flex flex-wrap gap-1">
                  {(['front', 'forward', 'backward', 'back'] as const).map((move) => (
                    <Button
                      key={move}
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() =>
                        void save(() =>
                          api(canvasAssetPriority, { params: params(chosen.id), body: { move } }),
                        )
                      }
                    >
                      {move === 'front'
                        ? 'Bring to front'
                        : move === 'back'
                          ? 'Send to back'
                          : move === 'forward'
                            ? 'Forward'
                            : 'Backward'}
                    </Button>
                  ))}
                </div>
                {chosen.kind === 'text' ? (
                  <form
                    className="space-y-2"
                    onSubmit={(e) => {
                      e.preventDefault()
                      void save(() => api(canvasAssetText, { params: params(chosen.id), body: { text } }))
                    }}
                  >
                    <label className="block text-xs text-neutral-400" htmlFor="ad-text">
                      Text
                    </label>
                    <TextInput
                      id="ad-text"
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                      maxLength={300}
                    />
                    <select
                      aria-label="Font"
                      className="w-full rounded bg-neutral-800 p-2 text-sm"
                      value={chosen.font?.family}
                      onChange={(e) =>
                        void save(() =>
                          api(canvasAssetText, {
                            params: params(chosen.id),
                            body: { font: { family: e.target.value, weight: chosen.font?.weight ?? 700 } },
                          }),
                        )
                      }
                    >
                      {[
                        ...new Set([
                          chosen.font?.family ?? 'Roboto',
                          ...(brand.data?.brand.fonts ?? [])
                            .filter((f) => brandFiles.has(f.family.toLowerCase()))
                            .map((f) => f.family),
                          ...CAPTION_FONTS,
                        ]),
                      ].map((f) => (
                        <option key={f}>{f}</option>
                      ))}
                    </select>
                    <Button type="submit" size="sm" disabled={busy || !text.trim()}>
                      Save text
                    </Button>
                  </form>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-neutral-400">
                Click an element on the canvas to move, scale (corner) or rotate (top dot) it.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void save(() =>
                    api(addCanvasAsset, {
                      params: { id: generationId, placement },
                      body: { kind: 'text', text: 'New text' },
                    }),
                  )
                }
              >
                Add text
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void save(() => api(regenerateTextGroup, { params: { id: generationId, placement } }))
                }
              >
                Re-lay text
              </Button>
            </div>
            <div className="flex flex-wrap gap-2 border-t border-white/10 pt-3">
              <Button
                size="sm"
                variant="tertiary"
                onClick={() =>
                  void downloadFile(
                    exportAdPlacement,
                    `ad-${placement}.png`,
                    { format: 'png' },
                    { id: generationId, placement },
                  )
                }
              >
                PNG
              </Button>
              <Button
                size="sm"
                variant="tertiary"
                onClick={() =>
                  void downloadFile(
                    exportAdPlacement,
                    `ad-${placement}.jpg`,
                    { format: 'jpeg' },
                    { id: generationId, placement },
                  )
                }
              >
                JPEG
              </Button>
              <Button
                size="sm"
                onClick={() =>
                  void downloadFile(exportAdZip, 'ad.zip', { format: 'png' }, { id: generationId })
                }
              >
                Download all (zip)
              </Button>
            </div>
            <p role="status" className="text-sm text-amber-200" data-testid="canvas-hint">
              {hint}
            </p>
            {error ? (
              <p role="alert" className="text-sm text-red-300">
                {error}
              </p>
            ) : null}
          </aside>
        </div>
      )}
    </section>
  )
}
