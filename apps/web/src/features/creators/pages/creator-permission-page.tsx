import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { useDraft } from '../../../lib/use-draft'
import { adminPlansQuery } from '../../payments'
import { creatorsQuery, useUpdateCreatorAccess } from '../api'
import { CreatorTabs } from '../components/creator-tabs'
import { errorText } from '../components/creator-status'

const select =
  'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none'

/** /admin/creator-management/permission: which plans or users may use which creator (none ticked: everyone). */
export function CreatorPermissionPage() {
  const toast = useToast()
  const [params, setParams] = useSearchParams()
  const creators = useQuery(creatorsQuery)
  const plans = useQuery(adminPlansQuery)
  const save = useUpdateCreatorAccess()
  const id = params.get('id') ?? creators.data?.[0]?.id ?? ''
  const creator = creators.data?.find((c) => c.id === id)
  // The ticks are the creator's saved access until the admin changes them (for this creator).
  const [draft, setDraft] = useDraft(
    creator,
    (c) => ({ plans: new Set(c.access.plans), users: c.access.user_ids.join(', ') }),
    creator?.id,
  )
  const picked = draft?.plans ?? new Set<string>()
  const users = draft?.users ?? ''
  const [error, setError] = useState<string>()
  // The free level has no plan row; it is offered as a plan all the same.
  const planOptions = [
    { slug: 'free', name: 'Free' },
    ...(plans.data ?? []).map((p) => ({ slug: p.slug, name: p.name })),
  ]

  const submit = () => {
    setError(undefined)
    const ids = users.split(/[\s,]+/).filter(Boolean)
    if (ids.some((u) => !/^[1-9]\d*$/.test(u)))
      return setError('User ids are whole numbers separated by commas')
    save.mutate(
      { id, access: { plans: [...picked], user_ids: ids.map(Number) } },
      { onSuccess: () => toast.success('Permission saved'), onError: (e) => setError(errorText(e)) },
    )
  }

  return (
    <div>
      <PageHeader
        title="Creator management"
        description="Restrict a creator to some plans or users. A user on another plan does not see it in any picker and cannot render with it."
      />
      <CreatorTabs />
      <Card title="Permission">
        {creators.isError || plans.isError ? (
          <p className="text-sm text-danger">{errorText(creators.error ?? plans.error)}</p>
        ) : !creators.data || !plans.data ? (
          <div className="h-40 animate-pulse rounded-xl bg-surface-2" />
        ) : (
          <div className="flex max-w-xl flex-col gap-4">
            <Field label="Creator">
              <select className={select} value={id} onChange={(e) => setParams({ id: e.target.value })}>
                {(creators.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </Field>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Plans that may use it</legend>
              <div className="flex flex-wrap gap-3">
                {planOptions.map((p) => (
                  <label key={p.slug} className="flex items-center gap-2 text-sm text-text">
                    <input
                      type="checkbox"
                      className="accent-[var(--color-accent)]"
                      checked={picked.has(p.slug)}
                      disabled={!draft}
                      onChange={(e) => {
                        const n = new Set(picked)
                        if (e.target.checked) n.add(p.slug)
                        else n.delete(p.slug)
                        setDraft({ plans: n, users })
                      }}
                    />
                    {p.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field
              label="Also these users (ids)"
              hint="Leave plans and users empty to offer the creator to everyone."
            >
              <TextInput
                value={users}
                disabled={!draft}
                onChange={(e) => setDraft({ plans: picked, users: e.target.value })}
                placeholder="12, 48"
              />
            </Field>
            <FormError message={error} />
            <div>
              <Button onClick={submit} loading={save.isPending} disabled={!creator}>
                Save permission
              </Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  )
}
