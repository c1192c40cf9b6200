import { useState } from 'react'
import {
  addBrandColour,
  removeBrandColour,
  updateBrandColour,
} from '@mouthpiece/contracts/ads/brands.contract'
import type { Brand, BrandColour, ColourRole } from '@mouthpiece/contracts/ads/brands.schemas'
import { COLOUR_ROLES } from '@mouthpiece/contracts/ads/brands.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { SourceBadge } from './source-badge'
import { useBrandChange } from './use-brand-change'

const select = 'h-9 rounded-lg border border-border bg-surface-2 px-2 text-sm text-text'
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

function ColourRow({ brand, colour }: { brand: Brand; colour: BrandColour }) {
  const change = useBrandChange(brand.id)
  const [hex, setHex] = useState(colour.hex)
  const [seen, setSeen] = useState(colour.hex)
  if (seen !== colour.hex) {
    setSeen(colour.hex)
    setHex(colour.hex)
  }
  const valid = HEX.test(hex.trim())
  const params = { brandId: brand.id, partId: colour.id }
  const save = () => {
    if (valid && hex.trim().toUpperCase().replace(/^#?/, '#') !== colour.hex)
      change.mutate(() => request(updateBrandColour, { params, body: { hex: hex.trim() } }))
  }
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-2/40 p-2"
      data-testid="brand-colour"
    >
      <label
        className="relative size-9 shrink-0 cursor-pointer overflow-hidden rounded-lg border border-border"
        style={{ background: colour.hex }}
      >
        <span className="sr-only">Pick {colour.name || colour.role} colour</span>
        <input
          type="color"
          className="absolute inset-0 cursor-pointer opacity-0"
          value={colour.hex.toLowerCase()}
          onChange={(e) =>
            change.mutate(() => request(updateBrandColour, { params, body: { hex: e.target.value } }))
          }
        />
      </label>
      <input
        aria-label={`Hex of ${colour.name || colour.role}`}
        className={cn(
          'h-9 w-28 rounded-lg border bg-surface-2 px-2 font-mono text-sm uppercase text-text',
          valid ? 'border-border' : 'border-danger',
        )}
        value={hex}
        onChange={(e) => setHex(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            save()
          }
        }}
      />
      <select
        aria-label={`Role of ${colour.hex}`}
        className={select}
        value={colour.role}
        onChange={(e) =>
          change.mutate(() =>
            request(updateBrandColour, { params, body: { role: e.target.value as ColourRole } }),
          )
        }
      >
        {COLOUR_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <span className="min-w-0 flex-1 truncate text-xs text-muted">{colour.name}</span>
      <SourceBadge source={colour.source} />
      <Button
        size="sm"
        variant="quaternary"
        aria-label={`Remove ${colour.hex}`}
        onClick={() => change.mutate(() => request(removeBrandColour, { params }))}
      >
        Remove
      </Button>
    </li>
  )
}

export function BrandColours({ brand }: { brand: Brand }) {
  const change = useBrandChange(brand.id)
  return (
    <Card
      title="Colours"
      description="Give each colour a role; templates put text only on pairs that are easy to read."
      actions={
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            change.mutate(() =>
              request(addBrandColour, {
                params: { brandId: brand.id },
                body: { hex: '#FF6A59', role: 'other', name: '' },
              }),
            )
          }
        >
          Add colour
        </Button>
      }
    >
      {brand.colours.length === 0 ? (
        <p className="text-sm text-muted">No colours yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {brand.colours.map((c) => (
            <ColourRow key={c.id} brand={brand} colour={c} />
          ))}
        </ul>
      )}
    </Card>
  )
}

/** WCAG ratio of each pair: body text needs 4.5:1, large text 3:1. */
export function BrandContrast({ brand }: { brand: Brand }) {
  const pairs = brand.contrast.slice(0, 12)
  return (
    <Card
      title="Contrast"
      description="Text on background, by WCAG contrast ratio. Body text needs at least 4.5:1."
    >
      {pairs.length === 0 ? (
        <p className="text-sm text-muted">Add two or more colours to see their contrast.</p>
      ) : (
        <ul className="grid gap-2">
          {pairs.map((p) => (
            <li
              key={`${p.foreground_id}-${p.background_id}`}
              className="flex items-center gap-3 rounded-lg border border-border p-2"
              data-testid="contrast-pair"
            >
              <span
                className="grid h-10 w-16 shrink-0 place-items-center rounded-md text-sm font-semibold"
                style={{ background: p.background, color: p.foreground }}
              >
                Aa
              </span>
              <span className="flex-1 text-xs text-muted">
                <span className="font-mono">{p.foreground}</span> on{' '}
                <span className="font-mono">{p.background}</span>
              </span>
              <span className="text-sm font-semibold text-text">{p.ratio.toFixed(2)}:1</span>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-[11px]',
                  p.body_text
                    ? 'bg-success/15 text-success'
                    : p.large_text
                      ? 'bg-warning/15 text-warning'
                      : 'bg-danger/15 text-danger',
                )}
              >
                {p.body_text ? 'Body text' : p.large_text ? 'Large text only' : 'Too low'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
