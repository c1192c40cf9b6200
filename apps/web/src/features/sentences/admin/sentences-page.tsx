import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  MIN_ACTIVE_CATEGORIES_TOOLTIP,
  canToggleShow,
} from '@mouthpiece/contracts/sentences/sentences.schemas'
import type { SentenceCategory } from '@mouthpiece/contracts/sentences/sentences.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { adminSentencesQuery, useDeleteCategory, useSaveCategory } from '../api'
import { CategoryFormModal } from './category-form-modal'
import { DisabledTooltip } from './disabled-tooltip'
import { ShowSwitch } from './show-switch'

type Editing = { mode: 'create' } | { mode: 'edit'; category: SentenceCategory } | undefined

/** /admin/sentences: the sentence categories visitors pick from, their order, visibility and lines. */
export function SentencesPage() {
  const query = useQuery(adminSentencesQuery)
  const save = useSaveCategory()
  const remove = useDeleteCategory()
  const toast = useToast()
  const [editing, setEditing] = useState<Editing>()
  const [deleting, setDeleting] = useState<SentenceCategory>()
  const active = query.data?.active_count ?? 0
  const min = query.data?.min_active ?? 3

  const toggle = async (c: SentenceCategory, is_show: boolean) => {
    try {
      await save.mutateAsync({
        id: c.id,
        name: c.name,
        display_name: c.display_name,
        order: c.order,
        is_show,
        sentences: c.sentences,
      })
      toast.success(is_show ? `“${c.display_name}” is shown` : `“${c.display_name}” is hidden`)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }
  const confirmDelete = async (c: SentenceCategory) => {
    try {
      await remove.mutateAsync(c.id)
      toast.success(`Deleted “${c.display_name}”`)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }

  const columns: Array<Column<SentenceCategory>> = [
    {
      key: 'order',
      header: 'Order',
      cell: (c) => <span className="tabular-nums text-muted">{c.order}</span>,
      className: 'w-16',
      hideOnMobile: true,
    },
    {
      key: 'name',
      header: 'Category',
      cell: (c) => (
        <div>
          <p className="font-medium text-text">{c.display_name}</p>
          <p className="font-mono text-xs text-muted">{c.name}</p>
        </div>
      ),
    },
    {
      key: 'sentences',
      header: 'Sentences',
      hideOnMobile: true,
      cell: (c) => (
        <div className="max-w-md">
          <p className="text-sm text-[#c9cedb]">{c.sentences.length} lines</p>
          <p className="truncate text-xs text-muted" title={c.sentences[0]}>
            {c.sentences[0]}
          </p>
        </div>
      ),
    },
    {
      key: 'show',
      header: 'Show',
      cell: (c) => (
        <ShowSwitch
          checked={c.is_show}
          allowed={canToggleShow(c, active, min)}
          busy={save.isPending}
          onChange={(next) => void toggle(c, next)}
          label={`Show ${c.display_name}`}
        />
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (c) => (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="tertiary"
            onClick={() => setEditing({ mode: 'edit', category: c })}
            aria-label={`Edit ${c.display_name}`}
          >
            Edit
          </Button>
          <DisabledTooltip text={MIN_ACTIVE_CATEGORIES_TOOLTIP} active={!canToggleShow(c, active, min)}>
            <Button
              size="sm"
              variant="quaternary"
              disabled={!canToggleShow(c, active, min)}
              onClick={() => setDeleting(c)}
              aria-label={`Delete ${c.display_name}`}
            >
              Delete
            </Button>
          </DisabledTooltip>
        </div>
      ),
    },
  ]

  return (
    <>
      <PageHeader
        title="Sentences"
        description="Ready-made lines visitors can drop into a video from the landing page. At least 3 categories stay active."
        actions={<Button onClick={() => setEditing({ mode: 'create' })}>New category</Button>}
      />
      {query.data ? (
        <p className="mb-4 flex items-center gap-2 text-sm text-muted">
          <Badge tone={active > min ? 'success' : 'warning'}>
            {active} of {query.data.categories.length} active
          </Badge>
          {active <= min
            ? 'Active categories cannot be switched off until another one is switched on.'
            : null}
        </p>
      ) : null}
      <DataTable
        caption="Sentence categories"
        columns={columns}
        rows={query.data?.categories}
        rowKey={(c) => c.id}
        loading={query.isFetching && !query.data}
        error={
          query.error instanceof ApiError
            ? query.error.failure.message
            : query.error
              ? 'Something went wrong. Try again!'
              : undefined
        }
        onRetry={() => void query.refetch()}
        emptyText="No categories yet. Create the first one."
      />
      <CategoryFormModal
        open={Boolean(editing)}
        onClose={() => setEditing(undefined)}
        category={editing?.mode === 'edit' ? editing.category : undefined}
        activeCount={active}
        minActive={min}
      />
      <ConfirmationModal
        open={Boolean(deleting)}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        title="Delete category"
        message={
          deleting
            ? `Delete “${deleting.display_name}” and its ${deleting.sentences.length} sentences? This cannot be undone.`
            : undefined
        }
        confirmText="Delete"
        cancelText="Cancel"
        destructive
      />
    </>
  )
}
