import { useState } from 'react'
import { addBrandFont, removeBrandFont, updateBrandFont } from '@mouthpiece/contracts/ads/brands.contract'
import type { Brand } from '@mouthpiece/contracts/ads/brands.schemas'
import { FONT_WEIGHTS } from '@mouthpiece/contracts/ads/brands.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { TextInput } from '../../../components/ui/field'
import { request } from '../../../lib/api'
import { SourceBadge } from './source-badge'
import { useBrandChange } from './use-brand-change'

const select = 'h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm text-text'

export function BrandFonts({ brand }: { brand: Brand }) {
  const change = useBrandChange(brand.id)
  const [family, setFamily] = useState('')
  const [weight, setWeight] = useState(400)
  const params = { brandId: brand.id }
  return (
    <Card
      title="Fonts"
      description="Families in weights 100–900. Fonts with a file render exactly in your ads; the others use the closest built-in font."
    >
      {brand.fonts.length === 0 ? (
        <p className="mb-3 text-sm text-muted">No fonts yet.</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-2">
          {brand.fonts.map((f) => (
            <li
              key={f.id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-2/40 p-2"
              data-testid="brand-font"
            >
              <span className="min-w-32 flex-1 text-sm font-medium text-text">{f.family}</span>
              <select
                aria-label={`Weight of ${f.family}`}
                className={select}
                value={f.weight}
                onChange={(e) =>
                  change.mutate(() =>
                    request(updateBrandFont, {
                      params: { ...params, partId: f.id },
                      body: { weight: Number(e.target.value) },
                    }),
                  )
                }
              >
                {FONT_WEIGHTS.map((w) => (
                  <option key={w} value={w}>
                    {w}
                  </option>
                ))}
              </select>
              <select
                aria-label={`Role of ${f.family}`}
                className={select}
                value={f.role ?? ''}
                onChange={(e) =>
                  change.mutate(() =>
                    request(updateBrandFont, {
                      params: { ...params, partId: f.id },
                      body: { role: e.target.value ? (e.target.value as 'heading' | 'body') : null },
                    }),
                  )
                }
              >
                <option value="">any</option>
                <option value="heading">heading</option>
                <option value="body">body</option>
              </select>
              <span className="text-xs text-muted">{f.format ? f.format.toUpperCase() : 'family only'}</span>
              <SourceBadge source={f.source} />
              <Button
                size="sm"
                variant="quaternary"
                onClick={() =>
                  change.mutate(() => request(removeBrandFont, { params: { ...params, partId: f.id } }))
                }
              >
                Remove
              </Button>
              {f.note && <p className="w-full text-xs text-muted">{f.note}</p>}
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          if (!family.trim()) return
          change.mutate(() => request(addBrandFont, { params, body: { family: family.trim(), weight } }), {
            onSuccess: () => setFamily(''),
          })
        }}
      >
        <TextInput
          aria-label="Font family"
          placeholder="Font family, e.g. Montserrat"
          className="w-56"
          value={family}
          onChange={(e) => setFamily(e.target.value)}
        />
        <select
          aria-label="Font weight"
          className={select}
          value={weight}
          onChange={(e) => setWeight(Number(e.target.value))}
        >
          {FONT_WEIGHTS.map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
        <Button size="sm" variant="secondary" type="submit" disabled={!family.trim()}>
          Add font
        </Button>
      </form>
    </Card>
  )
}
