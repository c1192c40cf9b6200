import { useState } from 'react'
import { deleteBrand, updateBrand } from '@mouthpiece/contracts/ads/brands.contract'
import type { Brand, CaptionStyle } from '@mouthpiece/contracts/ads/brands.schemas'
import { FONT_WEIGHTS } from '@mouthpiece/contracts/ads/brands.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { request } from '../../../lib/api'
import { BrandColours, BrandContrast } from './brand-colours'
import { BrandImages, BrandLogos } from './brand-files'
import { BrandFonts } from './brand-fonts'
import { BrandSiteCopy } from './brand-site-copy'
import { SourceBadge } from './source-badge'
import { useBrandChange } from './use-brand-change'
import { VoiceSelect } from '../../voices'

const select = 'h-10 w-full rounded-lg border border-border bg-surface-2 px-2 text-sm text-text'

/** One brand kit: every part editable in place; Save keeps the text fields, voice and captions and marks every value reviewed. */
export function BrandEditor({ brand, onDeleted }: { brand: Brand; onDeleted: () => void }) {
  const toast = useToast()
  const change = useBrandChange(brand.id)
  const [draft, setDraft] = useState({
    id: brand.id,
    name: brand.name,
    description: brand.description,
    voice: brand.voice,
    caption: brand.caption_style,
  })
  if (draft.id !== brand.id)
    setDraft({
      id: brand.id,
      name: brand.name,
      description: brand.description,
      voice: brand.voice,
      caption: brand.caption_style,
    })
  const unreviewed = [
    brand.name_source,
    brand.description_source,
    ...brand.colours.map((c) => c.source),
    ...brand.fonts.map((f) => f.source),
    ...brand.logos.map((l) => l.source),
    ...brand.site_headlines.map((l) => l.source),
    ...brand.site_ctas.map((l) => l.source),
  ].filter((s) => !s.confirmed).length
  const setCaption = (patch: Partial<CaptionStyle>) =>
    setDraft((d) => ({ ...d, caption: { ...d.caption, ...patch } }))
  const save = () =>
    change.mutate(
      () =>
        request(updateBrand, {
          params: { brandId: brand.id },
          body: {
            name: draft.name,
            description: draft.description,
            voice: draft.voice,
            caption_style: draft.caption,
            confirm_all: true,
          },
        }),
      { onSuccess: () => toast.success('Brand saved') },
    )
  return (
    <div className="flex flex-col gap-4">
      <Card
        title="Brand"
        actions={
          <Button
            variant="quaternary"
            size="sm"
            destructive
            onClick={() => {
              if (window.confirm(`Delete ${brand.name}?`))
                void request(deleteBrand, { params: { brandId: brand.id } }).then(onDeleted)
            }}
          >
            Delete brand
          </Button>
        }
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Name" hint={<SourceBadge source={brand.name_source} />}>
            <TextInput
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              maxLength={80}
            />
          </Field>
          <Field label="Site">
            <TextInput value={brand.website ?? ''} readOnly className="text-muted" />
          </Field>
          <Field
            label="Description"
            className="md:col-span-2"
            hint={<SourceBadge source={brand.description_source} />}
          >
            <TextArea
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              maxLength={2000}
            />
          </Field>
        </div>
      </Card>
      <BrandSiteCopy brand={brand} />
      <BrandLogos brand={brand} />
      <div className="grid gap-4 xl:grid-cols-2">
        <BrandColours brand={brand} />
        <BrandContrast brand={brand} />
      </div>
      <BrandFonts brand={brand} />
      <BrandImages brand={brand} />
      <Card
        title="Voice and captions"
        description="Ad audio and video speak in this voice and show captions in this style."
      >
        <div className="grid gap-4 md:grid-cols-3">
          <Field label="Voice">
            <VoiceSelect
              value={draft.voice.voice_id ?? undefined}
              emptyLabel="Default voice"
              onChange={(id) => setDraft({ ...draft, voice: { ...draft.voice, voice_id: id || null } })}
            />
          </Field>
          <Field label={`Speed ${draft.voice.rate.toFixed(2)}×`}>
            <input
              type="range"
              min={0.5}
              max={2}
              step={0.05}
              value={draft.voice.rate}
              className="h-10 w-full accent-[#FF6A59]"
              onChange={(e) =>
                setDraft({ ...draft, voice: { ...draft.voice, rate: Number(e.target.value) } })
              }
            />
          </Field>
          <Field label="Caption font">
            <select
              className={select}
              value={draft.caption.font_family}
              onChange={(e) => setCaption({ font_family: e.target.value })}
            >
              {[
                ...new Set([
                  draft.caption.font_family,
                  ...brand.fonts.map((f) => f.family),
                  'Roboto',
                  'Montserrat',
                  'Poppins',
                  'Bebas Neue',
                  'Lato',
                ]),
              ].map((f) => (
                <option key={f}>{f}</option>
              ))}
            </select>
          </Field>
          <Field label="Caption weight">
            <select
              className={select}
              value={draft.caption.font_weight}
              onChange={(e) => setCaption({ font_weight: Number(e.target.value) })}
            >
              {FONT_WEIGHTS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Caption size">
            <TextInput
              type="number"
              min={12}
              max={160}
              value={draft.caption.font_size}
              onChange={(e) => setCaption({ font_size: Number(e.target.value) })}
            />
          </Field>
          <Field label="Caption position">
            <select
              className={select}
              value={draft.caption.position}
              onChange={(e) => setCaption({ position: e.target.value as CaptionStyle['position'] })}
            >
              <option value="top">Top</option>
              <option value="middle">Middle</option>
              <option value="bottom">Bottom</option>
            </select>
          </Field>
          <Field label="Text colour">
            <input
              type="color"
              className="h-10 w-full rounded-lg border border-border bg-surface-2"
              value={draft.caption.color.toLowerCase()}
              onChange={(e) => setCaption({ color: e.target.value.toUpperCase() })}
            />
          </Field>
          <Field label="Outline colour">
            <input
              type="color"
              className="h-10 w-full rounded-lg border border-border bg-surface-2"
              value={draft.caption.outline_color.toLowerCase()}
              onChange={(e) => setCaption({ outline_color: e.target.value.toUpperCase() })}
            />
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-text">
            <input
              type="checkbox"
              className="size-4 accent-[#FF6A59]"
              checked={draft.caption.uppercase}
              onChange={(e) => setCaption({ uppercase: e.target.checked })}
            />
            Capital letters
          </label>
        </div>
      </Card>
      <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {unreviewed
            ? `${unreviewed} value${unreviewed === 1 ? '' : 's'} read from the site to check`
            : 'Every value reviewed'}
        </p>
        <Button onClick={save} loading={change.isPending} disabled={!draft.name.trim()}>
          Save brand
        </Button>
      </div>
    </div>
  )
}
