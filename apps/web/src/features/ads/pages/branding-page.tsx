import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createBrand } from '@mouthpiece/contracts/ads/brands.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { adsKeys, brandQuery, brandsQuery, failureText } from '../api'
import { BrandEditor } from '../components/brand-editor'
import { ScrapePanel } from '../components/scrape-panel'

/**
 * /dashboard/branding: the user's brand kits. Read one from a site (live progress), review each
 * value with its source, fix what is wrong, upload logos, save.
 */
export function BrandingPage() {
  const [params, setParams] = useSearchParams()
  const client = useQueryClient()
  const brands = useQuery(brandsQuery)
  const list = brands.data?.brands ?? []
  const selectedId = Number(params.get('brand')) || list[0]?.id || null
  const brand = useQuery({ ...brandQuery(selectedId ?? 0), enabled: !!selectedId })
  const select = (id: number) =>
    setParams((p) => {
      p.set('brand', String(id))
      return p
    })
  const [name, setName] = useState('')
  const create = useMutation({
    mutationFn: () => request(createBrand, { body: { name: name.trim() } }),
    onSuccess: (r) => {
      setName('')
      void client.invalidateQueries({ queryKey: adsKeys.brands })
      select(r.brand.id)
    },
  })
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <PageHeader
        title="Branding"
        description="Your brand kits: logos, colours, fonts, voice and captions. Ads are made from them."
      />
      <ScrapePanel onDone={select} />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="flex flex-col gap-3">
          <Card title="Your brands">
            {brands.isPending ? (
              <LoadingBlock />
            ) : list.length === 0 ? (
              <p className="text-sm text-muted">
                No brands yet. Read one from your site or start one by hand.
              </p>
            ) : (
              <ul className="flex flex-col gap-1">
                {list.map((b) => (
                  <li key={b.id}>
                    <button
                      type="button"
                      onClick={() => select(b.id)}
                      aria-current={b.id === selectedId || undefined}
                      className={cn(
                        'flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm transition',
                        b.id === selectedId
                          ? 'bg-accent/15 text-text'
                          : 'text-muted hover:bg-surface-2 hover:text-text',
                      )}
                    >
                      {b.logo_url ? (
                        <img src={b.logo_url} alt="" className="size-7 rounded object-contain" />
                      ) : (
                        <span className="grid size-7 place-items-center rounded bg-surface-2 text-xs">
                          {b.name.slice(0, 1)}
                        </span>
                      )}
                      <span className="min-w-0 flex-1 truncate">{b.name}</span>
                      <span className="flex -space-x-1">
                        {b.colours.slice(0, 3).map((c) => (
                          <span
                            key={c}
                            className="size-3 rounded-full border border-bg"
                            style={{ background: c }}
                          />
                        ))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <form
              className="mt-3 flex gap-2"
              onSubmit={(e) => {
                e.preventDefault()
                if (name.trim()) create.mutate()
              }}
            >
              <TextInput
                aria-label="New brand name"
                placeholder="New brand name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={80}
              />
              <Button type="submit" variant="secondary" disabled={!name.trim()} loading={create.isPending}>
                Add
              </Button>
            </form>
            {create.error && <p className="mt-2 text-xs text-danger">{failureText(create.error)}</p>}
          </Card>
        </aside>
        <section>
          {!selectedId ? (
            <div className="grid min-h-64 place-items-center rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
              Read your brand from your site above, or add one by name.
            </div>
          ) : brand.isPending ? (
            <LoadingBlock />
          ) : brand.error ? (
            <p
              role="alert"
              className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger"
            >
              {failureText(brand.error)}
            </p>
          ) : brand.data ? (
            <BrandEditor
              brand={brand.data.brand}
              onDeleted={() => {
                setParams((p) => {
                  p.delete('brand')
                  return p
                })
                void client.invalidateQueries({ queryKey: adsKeys.brands })
              }}
            />
          ) : null}
        </section>
      </div>
    </div>
  )
}
