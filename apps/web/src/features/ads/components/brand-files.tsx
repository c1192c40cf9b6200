import {
  removeBrandImage,
  removeBrandLogo,
  updateBrandLogo,
  uploadBrandImage,
  uploadBrandLogo,
} from '@mouthpiece/contracts/ads/brands.contract'
import type { Brand } from '@mouthpiece/contracts/ads/brands.schemas'
import { MAX_BRAND_UPLOAD_MB } from '@mouthpiece/contracts/ads/brands.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { FileButton } from '../../../components/ui/file-button'
import { useToast } from '../../../components/ui/toast'
import { API_BASE_URL, request } from '../../../lib/api'
import { SourceBadge } from './source-badge'
import { useBrandChange } from './use-brand-change'

/** Brand files are owner-only; the browser sends the session cookie with the image request. */
const fileSrc = (url: string) => `${API_BASE_URL}${url}`

function UploadButton({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  const toast = useToast()
  return (
    <FileButton
      size="sm"
      variant="secondary"
      accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
      inputLabel={label}
      onFile={(file) => {
        if (file.size > MAX_BRAND_UPLOAD_MB * 1024 * 1024)
          toast.error(`The file is too large. Please upload one under ${MAX_BRAND_UPLOAD_MB} MB.`)
        else onFile(file)
      }}
    >
      {label}
    </FileButton>
  )
}

const form = (file: File) => {
  const f = new FormData()
  f.append('file', file)
  return f
}

export function BrandLogos({ brand }: { brand: Brand }) {
  const change = useBrandChange(brand.id)
  const params = { brandId: brand.id }
  return (
    <Card
      title="Logos"
      description="Sizes are measured from the files themselves. The primary logo goes on your ads."
      actions={
        <UploadButton
          label="Upload logo"
          onFile={(f) => change.mutate(() => request(uploadBrandLogo, { params, formData: form(f) }))}
        />
      }
    >
      {brand.logos.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">
          No logo yet. Upload one (PNG, JPG, WebP, GIF or SVG, up to {MAX_BRAND_UPLOAD_MB} MB).
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {brand.logos.map((l) => (
            <li
              key={l.id}
              className="flex flex-col gap-2 rounded-lg border border-border p-2"
              data-testid="brand-logo"
            >
              <div className="grid h-24 place-items-center rounded-md bg-[repeating-conic-gradient(#2a2f3d_0_25%,#1f2330_0_50%)] bg-[length:16px_16px]">
                <img
                  src={fileSrc(l.url)}
                  alt={`Logo ${l.width}×${l.height}`}
                  className="max-h-20 max-w-full object-contain"
                />
              </div>
              <div className="flex items-center justify-between text-xs text-muted">
                <span>
                  {l.width}×{l.height}
                </span>
                {l.primary && <span className="font-semibold text-accent">Primary</span>}
              </div>
              <SourceBadge source={l.source} />
              <div className="flex gap-1">
                {!l.primary && (
                  <Button
                    size="sm"
                    variant="tertiary"
                    onClick={() =>
                      change.mutate(() =>
                        request(updateBrandLogo, {
                          params: { ...params, partId: l.id },
                          body: { primary: true },
                        }),
                      )
                    }
                  >
                    Make primary
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="quaternary"
                  onClick={() =>
                    change.mutate(() => request(removeBrandLogo, { params: { ...params, partId: l.id } }))
                  }
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export function BrandImages({ brand }: { brand: Brand }) {
  const change = useBrandChange(brand.id)
  const params = { brandId: brand.id }
  return (
    <Card
      title="Images"
      description="Product shots and backgrounds your ads may use."
      actions={
        <UploadButton
          label="Upload image"
          onFile={(f) => change.mutate(() => request(uploadBrandImage, { params, formData: form(f) }))}
        />
      }
    >
      {brand.images.length === 0 ? (
        <p className="text-sm text-muted">No images yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {brand.images.map((i) => (
            <li key={i.id} className="flex flex-col gap-2 rounded-lg border border-border p-2">
              <img
                src={fileSrc(i.url)}
                alt={`Image ${i.width}×${i.height}`}
                className="h-24 w-full rounded-md object-cover"
              />
              <div className="flex items-center justify-between text-xs text-muted">
                <span>
                  {i.width}×{i.height}
                </span>
                <SourceBadge source={i.source} />
              </div>
              <Button
                size="sm"
                variant="quaternary"
                onClick={() =>
                  change.mutate(() => request(removeBrandImage, { params: { ...params, partId: i.id } }))
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
