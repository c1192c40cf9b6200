import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdAsset,
  AdImageGeneration,
  CharacterRef,
  ExtractStroke,
  ImageBox,
} from '@mouthpiece/contracts/ads/images'
import {
  deleteAdImage,
  extractAdImage,
  generateAdImages,
  moreAdImages,
  renameAdImage,
  selectAdImage,
  uploadAdImage,
} from '@mouthpiece/contracts/ads/images'
import { adCopyFromKit } from '@mouthpiece/editor/ads/site-copy'
import { Button } from '../../../components/ui/button'
import { TextInput } from '../../../components/ui/field'
import { API_BASE_URL, api, isSuccess } from '../../../lib/api'
import { adImagesKeys, assetQuery, generationsQuery } from './api'
import { brandQuery } from '../api'
import { AdCanvasEditor } from './ad-canvas-editor'
import { ExtractStage } from './extract-stage'
import type { ExtractTool } from './extract-stage'

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div
      className="space-y-1"
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="flex justify-between text-xs text-neutral-400">
        <span>{label}</span>
        <span>{value}%</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-white/10">
        <div className="h-full rounded-full bg-[#FF6A59] transition-all" style={{ width: `${value}%` }} />
      </div>
    </div>
  )
}

const TOOLS: Array<{ id: ExtractTool; label: string }> = [
  { id: 'box', label: 'Box' },
  { id: 'keep', label: 'Keep brush' },
  { id: 'remove', label: 'Remove brush' },
]
const pill = (on: boolean) =>
  `rounded-full px-4 py-1.5 text-sm ${on ? 'bg-[#FF6A59] text-black' : 'bg-white/5 text-neutral-300'}`

/**
 * Step 1–3: upload, draw a box (object) or pick person, extract, pick the characters. An object's
 * cut-out is refined by painting keep / remove strokes on the picture and running GrabCut again.
 */
function ExtractPanel({ asset, onPicked }: { asset: AdAsset; onPicked: (refs: CharacterRef[]) => void }) {
  const client = useQueryClient()
  const [mode, setMode] = useState<'object' | 'person'>('object')
  const [tool, setTool] = useState<ExtractTool>('box')
  const [radius, setRadius] = useState(() =>
    Math.max(4, Math.round(Math.max(asset.width, asset.height) / 40)),
  )
  const [box, setBox] = useState<ImageBox | null>(null)
  const [strokes, setStrokes] = useState<ExtractStroke[]>([])
  const [picked, setPicked] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  async function extract() {
    setError(null)
    const object = mode === 'object'
    const result = await api(extractAdImage, {
      params: { id: asset.id },
      body: { mode, ...(object && box ? { box } : {}), strokes: object ? strokes : [] },
    })
    if (isSuccess(result)) {
      client.setQueryData(adImagesKeys.asset(asset.id), result)
      setPicked([])
    } else setError(result.message)
  }
  const extracting = asset.status === 'extracting'
  const refining = mode === 'object' && strokes.length > 0
  const hint =
    mode === 'person'
      ? 'People are found automatically.'
      : tool === 'box'
        ? 'Drag a box around the product (optional: without one, the whole picture is searched).'
        : tool === 'keep'
          ? 'Paint over parts the cut-out missed.'
          : 'Paint over parts that should not be in the cut-out.'
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <ExtractStage
          asset={asset}
          tool={mode === 'object' ? tool : 'box'}
          radius={radius}
          box={mode === 'object' ? box : null}
          onBox={setBox}
          strokes={mode === 'object' ? strokes : []}
          onStrokes={setStrokes}
          disabled={mode !== 'object' || extracting}
        />
        <p className="mt-2 text-xs text-neutral-400">{hint}</p>
        {mode === 'object' ? (
          <div className="mt-3 space-y-3">
            <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Drawing tool">
              {TOOLS.map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="radio"
                  aria-checked={tool === t.id}
                  onClick={() => setTool(t.id)}
                  className={pill(tool === t.id)}
                >
                  {t.label}
                </button>
              ))}
            </div>
            {tool !== 'box' ? (
              <label className="flex items-center gap-3 text-xs text-neutral-400">
                <span>Brush size</span>
                <input
                  type="range"
                  min={2}
                  max={Math.max(8, Math.round(Math.max(asset.width, asset.height) / 8))}
                  value={radius}
                  onChange={(e) => setRadius(Number(e.target.value))}
                  className="accent-[#FF6A59]"
                />
                <span>{radius} px</span>
              </label>
            ) : null}
            {strokes.length ? (
              <div className="flex flex-wrap items-center gap-2 text-xs text-neutral-400">
                <span>
                  {strokes.filter((s) => s.keep).length} keep · {strokes.filter((s) => !s.keep).length} remove
                </span>
                <Button size="sm" variant="quaternary" onClick={() => setStrokes(strokes.slice(0, -1))}>
                  Undo stroke
                </Button>
                <Button size="sm" variant="quaternary" onClick={() => setStrokes([])}>
                  Clear strokes
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="space-y-4">
        <div className="flex gap-2" role="radiogroup" aria-label="What to cut out">
          {(['object', 'person'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => setMode(m)}
              className={pill(mode === m)}
            >
              {m === 'object' ? 'Product or object' : 'Person'}
            </button>
          ))}
        </div>
        <Button onClick={() => void extract()} disabled={extracting}>
          {refining ? 'Refine cut-out' : asset.status === 'done' ? 'Extract again' : 'Extract'}
        </Button>
        {extracting ? <Progress value={asset.progress} label={refining ? 'Refining' : 'Extracting'} /> : null}
        {asset.status === 'failed' ? (
          <p role="alert" className="text-sm text-red-300">
            {asset.error}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
        {asset.status === 'done' ? (
          <div className="space-y-3">
            <h3 className="text-sm font-semibold">Pick characters</h3>
            <div className="flex flex-wrap gap-3">
              {asset.characters.map((c) => (
                <label
                  key={c.id}
                  className={`cursor-pointer rounded-xl border p-2 ${picked.includes(c.id) ? 'border-[#FF6A59]' : 'border-white/10'} bg-[repeating-conic-gradient(#222_0_25%,#2a2a2a_0_50%)] bg-[length:16px_16px]`}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    aria-label={`Character ${c.id}`}
                    checked={picked.includes(c.id)}
                    onChange={(e) =>
                      setPicked(e.target.checked ? [...picked, c.id] : picked.filter((x) => x !== c.id))
                    }
                  />
                  <img
                    src={`${API_BASE_URL}${c.url}`}
                    alt="Extracted character"
                    className="h-28 object-contain"
                  />
                </label>
              ))}
            </div>
            <Button
              disabled={!picked.length}
              onClick={() => onPicked(picked.map((character_id) => ({ asset_id: asset.id, character_id })))}
            >
              Use {picked.length || ''} selected
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  )
}

function ResultCard({ g, onEdit }: { g: AdImageGeneration; onEdit: () => void }) {
  const client = useQueryClient()
  const [name, setName] = useState(g.name)
  const reload = () => client.invalidateQueries({ queryKey: adImagesKeys.allGenerations })
  const thumb = g.placements.find((p) => p.placement === 'square')
  return (
    <article
      className={`rounded-xl border p-3 ${g.selected ? 'border-[#FF6A59]' : 'border-white/10'} bg-white/5`}
      aria-label={g.name}
    >
      {g.status === 'done' && thumb ? (
        <img
          src={`${API_BASE_URL}${thumb.url}`}
          alt={`${g.name} square`}
          className="aspect-square w-full rounded-lg object-cover"
        />
      ) : g.status === 'failed' ? (
        <p
          role="alert"
          className="flex aspect-square items-center justify-center p-4 text-center text-sm text-red-300"
        >
          {g.error}
        </p>
      ) : (
        <div className="flex aspect-square items-center justify-center p-6">
          <div className="w-full">
            <Progress value={g.progress} label="Generating" />
          </div>
        </div>
      )}
      <form
        className="mt-2 flex gap-1"
        onSubmit={(e) => {
          e.preventDefault()
          void api(renameAdImage, { params: { id: g.id }, body: { name } }).then(reload)
        }}
      >
        <TextInput aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
      </form>
      <div className="mt-2 flex flex-wrap gap-1">
        <Button
          size="sm"
          variant={g.selected ? 'primary' : 'secondary'}
          onClick={() =>
            void api(selectAdImage, { params: { id: g.id }, body: { selected: !g.selected } }).then(reload)
          }
        >
          {g.selected ? 'Selected' : 'Select'}
        </Button>
        <Button size="sm" variant="secondary" disabled={g.status !== 'done'} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="tertiary"
          onClick={() => void api(moreAdImages, { params: { id: g.id }, body: { count: 3 } }).then(reload)}
        >
          More
        </Button>
        <Button
          size="sm"
          variant="quaternary"
          onClick={() => void api(deleteAdImage, { params: { id: g.id } }).then(reload)}
        >
          Delete
        </Button>
      </div>
    </article>
  )
}

const DEFAULT_CTA = 'Shop now'

/**
 * The ad image flow (SPEC §4): uploadImage → extractingImage → selectCharacters → generatingImages →
 * selectGeneratedImages → showGeneratedResults → editGeneratedImages. Mounted by the ad project page.
 */
export function AdImageFlow({ projectId, brandId }: { projectId?: number; brandId?: number }) {
  const client = useQueryClient()
  const [assetId, setAssetId] = useState<number | null>(null)
  const [characters, setCharacters] = useState<CharacterRef[] | null>(null)
  const [copy, setCopy] = useState({ headline: '', body: '', cta: DEFAULT_CTA })
  // The brand kit's site words fill the fields the user has not written in (decision 0076).
  const kit = useQuery({ ...brandQuery(brandId ?? 0), enabled: !!brandId })
  const [filledFrom, setFilledFrom] = useState<number | null>(null)
  if (kit.data && filledFrom !== kit.data.brand.id) {
    setFilledFrom(kit.data.brand.id)
    const site = adCopyFromKit(kit.data.brand)
    setCopy((c) => ({
      headline: c.headline.trim() ? c.headline : site.headline,
      body: c.body.trim() ? c.body : site.body,
      cta: c.cta.trim() && c.cta !== DEFAULT_CTA ? c.cta : site.cta || c.cta,
    }))
  }
  const [editing, setEditing] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const asset = useQuery({ ...assetQuery(assetId ?? 0), enabled: assetId !== null })
  const generations = useQuery(generationsQuery(projectId))
  const list = generations.data?.generations ?? []

  async function upload(file: File) {
    setError(null)
    setUploading(true)
    const form = new FormData()
    if (projectId) form.append('project_id', String(projectId))
    form.append('file', file)
    const result = await api(uploadAdImage, { formData: form })
    setUploading(false)
    if (isSuccess(result)) {
      client.setQueryData(adImagesKeys.asset(result.asset.id), result)
      setAssetId(result.asset.id)
      setCharacters(null)
    } else setError(result.message)
  }
  async function generate() {
    setError(null)
    const result = await api(generateAdImages, {
      body: {
        ...copy,
        project_id: projectId ?? null,
        brand_id: brandId ?? null,
        characters: characters ?? [],
        count: 3,
      },
    })
    if (isSuccess(result)) await client.invalidateQueries({ queryKey: adImagesKeys.generations(projectId) })
    else setError(result.message)
  }

  return (
    <div className="space-y-8 text-neutral-100">
      <section className="rounded-2xl border border-white/10 bg-neutral-900 p-5" aria-label="Upload image">
        <h2 className="mb-3 text-lg font-semibold">1. Upload a product or character photo</h2>
        <label className="flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed border-white/15 p-6 text-sm text-neutral-300 hover:border-[#FF6A59]">
          <span>{uploading ? 'Uploading…' : 'Choose an image (JPEG, PNG or WebP, up to 25 MB)'}</span>
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Product photo"
            onChange={(e) => {
              const f = e.target.files?.[0]
              if (f) void upload(f)
              e.target.value = ''
            }}
          />
        </label>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-300">
            {error}
          </p>
        ) : null}
        {asset.data ? (
          <div className="mt-5">
            <ExtractPanel asset={asset.data.asset} onPicked={setCharacters} />
          </div>
        ) : null}
      </section>

      {characters ? (
        <section
          className="rounded-2xl border border-white/10 bg-neutral-900 p-5"
          aria-label="Generate images"
        >
          <h2 className="mb-3 text-lg font-semibold">2. Write the copy and generate every placement</h2>
          <form
            className="grid gap-3 md:grid-cols-3"
            onSubmit={(e) => {
              e.preventDefault()
              void generate()
            }}
          >
            <TextInput
              aria-label="Headline"
              placeholder="Headline"
              value={copy.headline}
              maxLength={120}
              onChange={(e) => setCopy({ ...copy, headline: e.target.value })}
            />
            <TextInput
              aria-label="Text"
              placeholder="Supporting text (optional)"
              value={copy.body}
              maxLength={200}
              onChange={(e) => setCopy({ ...copy, body: e.target.value })}
            />
            <TextInput
              aria-label="Button"
              placeholder="Button"
              value={copy.cta}
              maxLength={30}
              onChange={(e) => setCopy({ ...copy, cta: e.target.value })}
            />
            <div>
              <Button type="submit" disabled={!copy.headline.trim()}>
                Generate images
              </Button>
            </div>
          </form>
        </section>
      ) : null}

      <section aria-label="Generated images" className="space-y-3">
        <h2 className="text-lg font-semibold">Generated images</h2>
        {generations.isError ? (
          <p role="alert" className="text-red-300">
            Your images could not be loaded. Please reload the page.
          </p>
        ) : null}
        {!list.length && !generations.isLoading ? (
          <div className="rounded-2xl border border-dashed border-white/10 p-8 text-center text-neutral-400">
            No images yet. Upload a photo, extract it and generate: you get every placement at once.
          </div>
        ) : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((g) => (
            <ResultCard key={`${g.id}-${g.version}-${g.status}`} g={g} onEdit={() => setEditing(g.id)} />
          ))}
        </div>
      </section>

      {editing !== null ? (
        <AdCanvasEditor
          key={editing}
          generationId={editing}
          brandId={list.find((g) => g.id === editing)?.brand_id ?? null}
        />
      ) : null}
    </div>
  )
}
