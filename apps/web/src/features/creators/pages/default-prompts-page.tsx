import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import { MAX_DEFAULT_PROMPTS } from '@mouthpiece/contracts/avatars/creators.contract'
import type { DefaultPrompt } from '@mouthpiece/contracts/avatars/creators.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { FormError, TextInput } from '../../../components/ui/field'
import { useToast } from '../../../components/ui/toast'
import { useDraft } from '../../../lib/use-draft'
import { AvatarCanvas, adminDefaultPromptsQuery, useSaveDefaultPrompts } from '../../avatars'
import { CreatorTabs } from '../components/creator-tabs'
import { errorText } from '../components/creator-status'

const EMPTY_PROMPT: DefaultPrompt['prompt'] = {
  wearing: '',
  style: '',
  inspired: '',
  color: '',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}

/** /admin/creator-management/default-prompts: the look prompts the avatar editor offers to start from. */
export function DefaultPromptsPage() {
  const toast = useToast()
  const saved = useQuery(adminDefaultPromptsQuery)
  const save = useSaveDefaultPrompts()
  const [draft, setRows] = useDraft(saved.data, (list) => list)
  const rows = draft ?? []
  const [error, setError] = useState<string>()
  const edit = (i: number, label: string | undefined, patch: Partial<DefaultPrompt['prompt']> = {}) =>
    setRows(
      rows.map((r, k) => (k === i ? { label: label ?? r.label, prompt: { ...r.prompt, ...patch } } : r)),
    )

  return (
    <div>
      <PageHeader
        title="Creator management"
        description="Default look prompts: starting points users see in the avatar editor."
      />
      <CreatorTabs />
      <Card
        title="Default prompts"
        actions={
          <Button
            size="sm"
            variant="secondary"
            disabled={!draft || rows.length >= MAX_DEFAULT_PROMPTS}
            onClick={() => setRows([...rows, { label: '', prompt: EMPTY_PROMPT }])}
          >
            Add prompt
          </Button>
        }
      >
        {saved.isError ? (
          <p className="text-sm text-danger">{errorText(saved.error)}</p>
        ) : saved.isPending ? (
          <div className="h-24 animate-pulse rounded-xl bg-surface-2" />
        ) : (
          <div className="flex flex-col gap-3">
            {rows.length === 0 ? (
              <p className="text-sm text-muted">
                No default prompts: the avatar editor starts from empty fields.
              </p>
            ) : null}
            {rows.map((r, i) => (
              <div
                key={i}
                className="flex flex-col gap-2 rounded-xl border border-border p-3 sm:flex-row sm:items-center"
              >
                <AvatarCanvas
                  look={lookFromPrompt(r.prompt)}
                  size={56}
                  animate={false}
                  badge
                  label={`${r.label || 'Prompt'} preview`}
                />
                <div className="grid flex-1 gap-2 sm:grid-cols-4">
                  <TextInput
                    aria-label="Prompt name"
                    placeholder="Name"
                    value={r.label}
                    maxLength={40}
                    onChange={(e) => edit(i, e.target.value)}
                  />
                  <TextInput
                    aria-label="Wearing"
                    placeholder="Wearing"
                    value={r.prompt.wearing}
                    maxLength={200}
                    onChange={(e) => edit(i, undefined, { wearing: e.target.value })}
                  />
                  <TextInput
                    aria-label="Style"
                    placeholder="Style"
                    value={r.prompt.style}
                    maxLength={200}
                    onChange={(e) => edit(i, undefined, { style: e.target.value })}
                  />
                  <TextInput
                    aria-label="Colour"
                    placeholder="Colour"
                    value={r.prompt.color}
                    maxLength={200}
                    onChange={(e) => edit(i, undefined, { color: e.target.value })}
                  />
                </div>
                <Button
                  size="sm"
                  variant="quaternary"
                  onClick={() => setRows(rows.filter((_, k) => k !== i))}
                >
                  Remove
                </Button>
              </div>
            ))}
            <FormError message={error} />
            <div>
              <Button
                loading={save.isPending}
                onClick={() => {
                  setError(undefined)
                  save.mutate(rows, {
                    onSuccess: () => toast.success('Default prompts saved'),
                    onError: (e) => setError(errorText(e)),
                  })
                }}
              >
                Save prompts
              </Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  )
}
