import { useState } from 'react'
import { AdImageFlow } from '../images/ad-image-flow'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { updateAdProject } from '@mouthpiece/contracts/ads/projects.contract'
import { PLACEMENT_IDS, PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import type { PlacementId } from '@mouthpiece/contracts/ads/placements'
import { AD_GOALS } from '@mouthpiece/contracts/ads/projects.schemas'
import type { AdProject } from '@mouthpiece/contracts/ads/projects.schemas'
import { adCopyFromKit, projectCopyText } from '@mouthpiece/editor/ads/site-copy'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader, StatusTile } from '../../../components/ui/card'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { adProjectQuery, adProjectStatsQuery, adsKeys, brandQuery, brandsQuery, failureText } from '../api'
import { AdProjectsTab } from '../components/ad-projects-tab'
import { AdVideoFlow } from '../components/ad-video-flow'
import { AdVoiceOver } from '../components/ad-voice-over'

const select = 'h-10 w-full rounded-lg border border-border bg-surface-2 px-2 text-sm text-text'

function ProjectForm({ project }: { project: AdProject }) {
  const client = useQueryClient()
  const toast = useToast()
  const brands = useQuery(brandsQuery)
  const [draft, setDraft] = useState(project)
  if (draft.id !== project.id) setDraft(project)
  const save = useMutation({
    mutationFn: () =>
      request(updateAdProject, {
        params: { id: project.id },
        body: {
          name: draft.name,
          brand_id: draft.brand_id,
          goal: draft.goal,
          copy: draft.copy,
          placements: draft.placements,
        },
      }),
    onSuccess: (r) => {
      client.setQueryData(adsKeys.project(project.id), r)
      // The server may have filled an empty copy from the brand: show what it kept.
      setDraft((d) => (d.copy.trim() ? d : { ...d, copy: r.project.copy }))
      void client.invalidateQueries({ queryKey: ['ads', 'projects'] })
      toast.success('Ad project saved')
    },
    onError: (e) => toast.error(failureText(e) ?? undefined),
  })
  // A brand picked while the copy is still empty fills it from the site's words (decision 0076);
  // copy the user wrote is left alone. The server does the same on save.
  async function pickBrand(brandId: number | null) {
    setDraft((d) => ({ ...d, brand_id: brandId }))
    if (brandId === null || draft.copy.trim()) return
    const kit = await client.fetchQuery(brandQuery(brandId)).catch(() => null)
    if (!kit) return
    const filled = projectCopyText(adCopyFromKit(kit.brand))
    setDraft((d) => (d.brand_id === brandId && !d.copy.trim() ? { ...d, copy: filled } : d))
  }
  const toggle = (p: PlacementId) =>
    setDraft((d) => ({
      ...d,
      placements: d.placements.includes(p) ? d.placements.filter((x) => x !== p) : [...d.placements, p],
    }))
  return (
    <Card title="Project">
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="Name">
          <TextInput
            value={draft.name}
            maxLength={80}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Field>
        <Field label="Brand">
          <select
            className={select}
            value={draft.brand_id ?? ''}
            onChange={(e) => void pickBrand(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">No brand</option>
            {brands.data?.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Goal">
          <select
            className={select}
            value={draft.goal}
            onChange={(e) => setDraft({ ...draft, goal: e.target.value as AdProject['goal'] })}
          >
            {AD_GOALS.map((g) => (
              <option key={g} value={g}>
                {g.replace('_', ' ')}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Ad copy" className="md:col-span-3" hint="The headline and what the presenter says.">
          <TextArea
            value={draft.copy}
            maxLength={2000}
            onChange={(e) => setDraft({ ...draft, copy: e.target.value })}
          />
        </Field>
      </div>
      <fieldset className="mt-4">
        <legend className="mb-2 text-sm font-medium text-text">Placements</legend>
        <div className="flex flex-wrap gap-2">
          {PLACEMENT_IDS.map((p) => (
            <label
              key={p}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                draft.placements.includes(p)
                  ? 'border-accent bg-accent/10 text-text'
                  : 'border-border text-muted',
              )}
            >
              <input
                type="checkbox"
                className="size-4 accent-[#FF6A59]"
                checked={draft.placements.includes(p)}
                onChange={() => toggle(p)}
              />
              {PLACEMENTS[p].label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex justify-end">
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!draft.name.trim() || draft.placements.length === 0}
        >
          Save
        </Button>
      </div>
    </Card>
  )
}

/** /dashboard/project/{id}: one ad project (brand, goal, copy, placements, what it made), the list beside it. */
export function AdProjectPage() {
  const id = Number(useParams().id)
  const project = useQuery({ ...adProjectQuery(id), enabled: id > 0 })
  const stats = useQuery({ ...adProjectStatsQuery(id), enabled: id > 0 })
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <PageHeader
        title={project.data?.project.name ?? 'Ad project'}
        description={
          <Link to="/dashboard/branding" className="text-accent hover:underline">
            Edit brand kits
          </Link>
        }
      />
      {project.isPending ? (
        <LoadingBlock />
      ) : project.error ? (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
          {failureText(project.error)}
        </p>
      ) : (
        <>
          {stats.data && (
            <dl aria-label="Project numbers" className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <StatusTile label="Placements" value={String(stats.data.stats.placements)} />
              <StatusTile label="Images made" value={String(stats.data.stats.image_generations)} />
              <StatusTile
                label="Videos made"
                value={String(stats.data.stats.videos_completed)}
                tone={stats.data.stats.videos_failed ? 'warning' : 'neutral'}
              />
              <StatusTile label="Site reads" value={String(stats.data.stats.scrapes)} />
            </dl>
          )}
          <ProjectForm project={project.data.project} />
          <Card title="Ad images" id="ad-images">
            <AdImageFlow
              projectId={project.data.project.id}
              brandId={project.data.project.brand_id ?? undefined}
            />
          </Card>
          <AdVideoFlow project={project.data.project} />
          <AdVoiceOver project={project.data.project} />
        </>
      )}
      <Card title="All ad projects">
        <AdProjectsTab />
      </Card>
    </div>
  )
}
