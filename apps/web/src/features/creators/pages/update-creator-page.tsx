import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Field, FormError, Switch, TextArea, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { creatorsQuery, useDeleteCreator, useUpdateCreator } from '../api'
import { CreatorTabs } from '../components/creator-tabs'
import { errorText } from '../components/creator-status'

const select =
  'h-10 w-full rounded-lg border border-border bg-[#11141c] px-3 text-sm text-text focus:border-accent focus:outline-none'

/** /admin/creator-management/update-creator: rename, describe, show or hide, delete a creator. */
export function UpdateCreatorPage() {
  const toast = useToast()
  const [params, setParams] = useSearchParams()
  const creators = useQuery(creatorsQuery)
  const update = useUpdateCreator()
  const remove = useDeleteCreator()
  const id = params.get('id') ?? creators.data?.[0]?.id ?? ''
  const creator = creators.data?.find((c) => c.id === id)
  const [draft, setDraft] = useState({ name: '', description: '', is_active: true })
  const [error, setError] = useState<string>()
  const [confirm, setConfirm] = useState(false)
  useEffect(() => {
    if (creator)
      setDraft({ name: creator.name, description: creator.description, is_active: creator.is_active })
  }, [creator])

  return (
    <div>
      <PageHeader title="Creator management" description="Change how a creator is shown, or remove it." />
      <CreatorTabs />
      <Card title="Update creator">
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
          <Field label="Name">
            <TextInput
              value={draft.name}
              maxLength={60}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </Field>
          <Field label="Description">
            <TextArea
              value={draft.description}
              maxLength={300}
              rows={2}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          </Field>
          <Switch
            checked={draft.is_active}
            onChange={(is_active) => setDraft({ ...draft, is_active })}
            label="Shown in the avatar pickers"
          />
          <FormError message={error} />
          <div className="flex gap-2">
            <Button
              loading={update.isPending}
              disabled={!creator}
              onClick={() => {
                setError(undefined)
                update.mutate(
                  { id, body: draft },
                  { onSuccess: () => toast.success('Creator saved'), onError: (e) => setError(errorText(e)) },
                )
              }}
            >
              Save
            </Button>
            <Button
              variant="quaternary"
              disabled={!creator}
              loading={remove.isPending}
              onClick={() => setConfirm(true)}
            >
              Delete
            </Button>
          </div>
        </div>
      </Card>
      <ConfirmationModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete creator?"
        message={`“${creator?.name ?? ''}” will no longer be offered. Built-in creators are hidden instead.`}
        confirmText="Delete"
        cancelText="Keep"
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              toast.success('Creator deleted')
              setParams({})
            },
            onError: (e) => setError(errorText(e)),
          })
        }
      />
    </div>
  )
}
