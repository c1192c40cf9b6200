import type { Brand, SiteCopyLine } from '@mouthpiece/contracts/ads/brands.schemas'
import { Card } from '../../../components/ui/card'
import { SourceBadge } from './source-badge'

function Lines({ label, lines, empty }: { label: string; lines: SiteCopyLine[]; empty: string }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium text-text">{label}</h3>
      {lines.length ? (
        <ul aria-label={label} className="flex flex-col gap-2">
          {lines.map((l, i) => (
            <li
              key={`${i}-${l.text}`}
              className="flex flex-col gap-1 rounded-lg border border-border bg-surface-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="text-sm text-text">{l.text}</span>
              <SourceBadge source={l.source} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{empty}</p>
      )}
    </div>
  )
}

/** The site's own headline and button words (decision 0076): a new ad's copy starts from the first of each. */
export function BrandSiteCopy({ brand }: { brand: Brand }) {
  return (
    <Card
      title="Words from the site"
      description="A new ad's copy starts from the first headline, the description and the first button. You can change it in the ad."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Lines label="Headlines" lines={brand.site_headlines} empty="No headline was found on the site." />
        <Lines
          label="Buttons"
          lines={brand.site_ctas}
          empty="No call-to-action button was found on the site."
        />
      </div>
    </Card>
  )
}
