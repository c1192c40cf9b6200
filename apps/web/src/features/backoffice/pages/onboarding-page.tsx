import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AdminOnboardingStep } from '@mouthpiece/contracts/backoffice/onboarding.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader, StatusTile } from '../../../components/ui/card'
import { Field, FormError, Switch, TextArea, TextInput } from '../../../components/ui/field'
import { ChevronDownIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { adminOnboardingQuery, useSaveOnboarding } from '../api'
import { percent } from '../format'

type Draft = Pick<AdminOnboardingStep, 'key' | 'title' | 'body' | 'cta_label' | 'enabled'>

/** /admin/onboarding: the dashboard checklist's steps (texts, order, shown or not) and how many users did each. */
export function OnboardingPage() {
  const query = useQuery(adminOnboardingQuery)
  const save = useSaveOnboarding()
  const toast = useToast()
  const [draft, setDraft] = useState<Draft[]>([])
  useEffect(() => {
    if (query.data)
      setDraft(
        query.data.steps.map(({ key, title, body, cta_label, enabled }) => ({
          key,
          title,
          body,
          cta_label,
          enabled,
        })),
      )
  }, [query.data])

  if (query.isPending) return <LoadingBlock />
  if (query.isError) return <FormError message={query.error.message} />
  const stats = new Map(query.data.steps.map((s) => [s.key, s]))
  const fieldError = (i: number, field: string) =>
    save.error instanceof ApiError ? save.error.failure.errors?.[`steps.${i}.${field}`]?.[0] : undefined
  const change = (i: number, patch: Partial<Draft>) =>
    setDraft((d) => d.map((s, j) => (j === i ? { ...s, ...patch } : s)))
  const move = (i: number, by: -1 | 1) =>
    setDraft((d) => {
      const next = [...d]
      const [s] = next.splice(i, 1)
      next.splice(i + by, 0, s!)
      return next
    })
  const submit = async () => {
    try {
      await save.mutateAsync({ steps: draft })
      toast.success('Checklist saved')
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Onboarding"
        description="The checklist new users see on their dashboard. A step ticks itself when the user has really done it."
        actions={
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save checklist
          </Button>
        }
      />
      <dl aria-label="Checklist progress" className="grid gap-4 sm:grid-cols-3">
        <StatusTile label="Users" value={query.data.users.toLocaleString()} />
        <StatusTile
          label="Finished every shown step"
          value={query.data.all_done.toLocaleString()}
          tone="success"
          detail={query.data.users ? percent(query.data.all_done / query.data.users) : undefined}
        />
        <StatusTile
          label="Steps shown"
          value={`${draft.filter((s) => s.enabled).length} of ${draft.length}`}
        />
      </dl>
      <ol className="flex flex-col gap-4">
        {draft.map((s, i) => {
          const st = stats.get(s.key)
          return (
            <li key={s.key}>
              <Card className={s.enabled ? '' : 'opacity-70'}>
                <div className="flex flex-col gap-4" data-testid={`step-${s.key}`}>
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="flex items-center gap-3">
                      <span className="flex h-8 w-8 items-center justify-center rounded-full bg-accent/12 text-sm font-semibold text-accent">
                        {i + 1}
                      </span>
                      <span className="font-mono text-xs text-muted">{s.key}</span>
                    </div>
                    <div className="flex items-center gap-2">
                      <Button
                        variant="tertiary"
                        size="sm"
                        aria-label="Move up"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <ChevronDownIcon size={16} className="rotate-180" />
                      </Button>
                      <Button
                        variant="tertiary"
                        size="sm"
                        aria-label="Move down"
                        disabled={i === draft.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <ChevronDownIcon size={16} />
                      </Button>
                      <Switch
                        checked={s.enabled}
                        onChange={(on) => change(i, { enabled: on })}
                        label="Shown"
                      />
                    </div>
                  </div>
                  {st ? (
                    <div>
                      <div className="mb-1 flex justify-between text-xs text-muted">
                        <span>Completed by {st.completed.toLocaleString()} users</span>
                        <span data-testid="completion-rate">{percent(st.rate)}</span>
                      </div>
                      <div
                        className="h-2 overflow-hidden rounded-full bg-surface-2"
                        role="progressbar"
                        aria-label={`${s.title} completion`}
                        aria-valuenow={Math.round(st.rate * 100)}
                        aria-valuemin={0}
                        aria-valuemax={100}
                      >
                        <div
                          className="h-full rounded-full bg-accent"
                          style={{ width: `${st.rate * 100}%` }}
                        />
                      </div>
                    </div>
                  ) : null}
                  <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
                    <Field label="Title" error={fieldError(i, 'title')}>
                      <TextInput
                        value={s.title}
                        maxLength={80}
                        onChange={(e) => change(i, { title: e.target.value })}
                      />
                    </Field>
                    <Field label="Button" error={fieldError(i, 'cta_label')}>
                      <TextInput
                        value={s.cta_label}
                        maxLength={40}
                        onChange={(e) => change(i, { cta_label: e.target.value })}
                      />
                    </Field>
                  </div>
                  <Field label="Description" error={fieldError(i, 'body')}>
                    <TextArea
                      rows={2}
                      value={s.body}
                      maxLength={300}
                      onChange={(e) => change(i, { body: e.target.value })}
                    />
                  </Field>
                </div>
              </Card>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
