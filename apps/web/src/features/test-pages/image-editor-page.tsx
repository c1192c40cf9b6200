import { useEffect, useMemo, useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, PageHeader } from '../../components/ui/card'
import { Field, FormError, TextInput } from '../../components/ui/field'
import { MAX_OUTPUT_SIDE, PRESETS, cropRect, drawEdit, outputSize, rotatedSize, turn } from './image-edit'
import type { EditState, PresetId } from './image-edit'
import { TestPagesNav, selectClass } from './test-pages-nav'

const MAX_INPUT_BYTES = 20 * 1024 * 1024
const START: EditState = {
  rotation: 0,
  flip: false,
  aspect: PRESETS.avatar.aspect,
  zoom: 1,
  panX: 0.5,
  panY: 0.5,
  width: PRESETS.avatar.width,
}

/** page-for-test/image-editor: crop, resize and rotate an image for avatars and backgrounds, all in the browser. */
export function ImageEditorPage() {
  const [image, setImage] = useState<{ bitmap: ImageBitmap; name: string } | null>(null)
  const [error, setError] = useState<string>()
  const [preset, setPreset] = useState<PresetId>('avatar')
  const [edit, setEdit] = useState<EditState>(START)
  const canvas = useRef<HTMLCanvasElement>(null)
  const set = (patch: Partial<EditState>) => setEdit((e) => ({ ...e, ...patch }))

  const size = useMemo(() => {
    if (!image) return null
    const r = rotatedSize(image.bitmap.width, image.bitmap.height, edit.rotation)
    return outputSize(cropRect(r.w, r.h, edit), edit.width)
  }, [image, edit])

  useEffect(() => {
    const c = canvas.current
    if (!c || !image || !size) return
    c.width = size.width
    c.height = size.height
    const ctx = c.getContext('2d')
    if (ctx) drawEdit(ctx, image.bitmap, edit)
  }, [image, edit, size])
  useEffect(() => () => image?.bitmap.close(), [image])

  const open = async (file: File | undefined) => {
    setError(undefined)
    if (!file) return
    if (!file.type.startsWith('image/'))
      return setError('Please choose an image file (PNG, JPEG, WebP or GIF).')
    if (file.size > MAX_INPUT_BYTES) return setError('The image must be at most 20 MB.')
    try {
      setImage({ bitmap: await createImageBitmap(file), name: file.name.replace(/\.[^.]+$/, '') })
      setEdit((e) => ({ ...e, rotation: 0, flip: false, zoom: 1, panX: 0.5, panY: 0.5 }))
    } catch {
      setError('This image could not be read. Try another file.')
    }
  }

  const download = () =>
    canvas.current?.toBlob((blob) => {
      if (!blob) return setError('The image could not be saved. Try a smaller size.')
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `${image?.name ?? 'image'}-${size?.width}x${size?.height}.png`
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    }, 'image/png')

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <TestPagesNav />
      <PageHeader
        title="Image editor"
        description="Crop, resize and rotate a picture for an avatar or a video background. Nothing leaves your browser until you download it."
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <Card title="Edit">
          <div className="grid gap-4">
            <Field label="Image">
              <input
                aria-label="Image file"
                type="file"
                accept="image/*"
                onChange={(e) => void open(e.target.files?.[0])}
                className="text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-accent file:px-3 file:py-2 file:text-sm file:font-medium file:text-on-accent"
              />
            </Field>
            <FormError message={error} />
            <Field label="Use">
              <select
                aria-label="Use"
                value={preset}
                onChange={(e) => {
                  const id = e.target.value as PresetId
                  setPreset(id)
                  set({ aspect: PRESETS[id].aspect, width: PRESETS[id].width, zoom: 1, panX: 0.5, panY: 0.5 })
                }}
                className={selectClass}
              >
                {(Object.keys(PRESETS) as PresetId[]).map((id) => (
                  <option key={id} value={id}>
                    {PRESETS[id].label}
                  </option>
                ))}
              </select>
            </Field>
            <div className="flex flex-wrap gap-2" aria-label="Rotate">
              <Button
                size="sm"
                variant="tertiary"
                disabled={!image}
                onClick={() => set({ rotation: turn(edit.rotation, -90) })}
              >
                Rotate left
              </Button>
              <Button
                size="sm"
                variant="tertiary"
                disabled={!image}
                onClick={() => set({ rotation: turn(edit.rotation, 90) })}
              >
                Rotate right
              </Button>
              <Button
                size="sm"
                variant="tertiary"
                disabled={!image}
                onClick={() => set({ flip: !edit.flip })}
              >
                Flip
              </Button>
            </div>
            <Field label={`Zoom: ${edit.zoom.toFixed(1)}×`}>
              <input
                aria-label="Zoom"
                type="range"
                min={1}
                max={4}
                step={0.1}
                value={edit.zoom}
                disabled={!image}
                onChange={(e) => set({ zoom: Number(e.target.value) })}
                className="w-full accent-[#FF6A59]"
              />
            </Field>
            <Field label="Move across">
              <input
                aria-label="Move across"
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={edit.panX}
                disabled={!image}
                onChange={(e) => set({ panX: Number(e.target.value) })}
                className="w-full accent-[#FF6A59]"
              />
            </Field>
            <Field label="Move up and down">
              <input
                aria-label="Move up and down"
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={edit.panY}
                disabled={!image}
                onChange={(e) => set({ panY: Number(e.target.value) })}
                className="w-full accent-[#FF6A59]"
              />
            </Field>
            <Field label="Width (px)" hint={`16 to ${MAX_OUTPUT_SIDE}; the height follows the crop.`}>
              <TextInput
                type="number"
                min={16}
                max={MAX_OUTPUT_SIDE}
                value={edit.width}
                disabled={!image}
                onChange={(e) => set({ width: Number(e.target.value) || 16 })}
              />
            </Field>
            <Button disabled={!image} onClick={download}>
              Download PNG
            </Button>
          </div>
        </Card>
        <Card title="Preview" description={size ? `Output ${size.width} × ${size.height}` : undefined}>
          {image ? (
            <div className="flex justify-center rounded-xl bg-[repeating-conic-gradient(#1b1f2a_0_25%,#141720_0_50%)] bg-[length:24px_24px] p-3">
              <canvas
                ref={canvas}
                aria-label="Edited image"
                data-testid="edited-image"
                className="max-h-[60vh] max-w-full object-contain"
              />
            </div>
          ) : (
            <p className="py-16 text-center text-sm text-muted">Choose an image to start.</p>
          )}
        </Card>
      </div>
    </div>
  )
}
