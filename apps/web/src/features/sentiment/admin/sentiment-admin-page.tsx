import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  adminAddToBlacklist,
  adminDeleteSentiment,
  adminRemoveFromBlacklist,
  adminSaveSentimentDefault,
  adminSaveSlang,
} from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { Button } from '../../../components/ui/button'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Card, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { Pagination } from '../../../components/ui/pagination'
import { useToast } from '../../../components/ui/toast'
import { ApiError, request } from '../../../lib/api'
import { useDraft } from '../../../lib/use-draft'
import {
  adminBlacklistQuery,
  adminDefaultQuery,
  adminHistoryQuery,
  adminSlangQuery,
  adminUserSearchQuery,
  sentimentKeys,
} from '../api'
import { LabelBadge } from '../components/sentiment-result'

const message = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'

function EngineCard() {
  const current = useQuery(adminDefaultQuery)
  const client = useQueryClient()
  const toast = useToast()
  const [draft, setForm] = useDraft(current.data, (d) => ({
    prompt: d.prompt ?? '',
    model: d.model ?? '',
    base_url: d.base_url ?? '',
  }))
  const form = draft ?? { prompt: '', model: '', base_url: '' }
  const save = useMutation({
    mutationFn: () =>
      request(adminSaveSentimentDefault, {
        body: { prompt: form.prompt || null, model: form.model || null, base_url: form.base_url || null },
      }),
    onSuccess: () => {
      toast.success('Saved. New runs use this setting.')
      void client.invalidateQueries({ queryKey: sentimentKeys.admin })
    },
    onError: (e) => toast.error(message(e)),
  })
  return (
    <Card
      title="Engine"
      description={`Leave prompt and model empty for the offline lexicon (${current.data?.lexicon_version ?? '…'}). With both set, runs use the language model.`}
    >
      <div className="grid gap-4">
        <Field label="Prompt">
          <TextArea
            rows={3}
            disabled={!draft}
            value={form.prompt}
            onChange={(e) => setForm({ ...form, prompt: e.target.value })}
            placeholder="Rate how the viewer feels about the video."
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Model">
            <TextInput
              disabled={!draft}
              value={form.model}
              onChange={(e) => setForm({ ...form, model: e.target.value })}
              placeholder="gpt-4o-mini"
            />
          </Field>
          <Field
            label="Endpoint (OpenAI-compatible)"
            hint={
              current.data?.llm_configured
                ? 'A server default is set.'
                : 'No server default: set one here to use a model.'
            }
          >
            <TextInput
              disabled={!draft}
              value={form.base_url}
              onChange={(e) => setForm({ ...form, base_url: e.target.value })}
              placeholder="http://localhost:11434"
            />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button loading={save.isPending} disabled={!draft} onClick={() => save.mutate()}>
            Save default setting
          </Button>
        </div>
      </div>
    </Card>
  )
}

function SlangCard() {
  const slang = useQuery(adminSlangQuery)
  const client = useQueryClient()
  const toast = useToast()
  const [draft, setText] = useDraft(slang.data, (d) => d.words.map((w) => `${w.word} ${w.score}`).join('\n'))
  const text = draft ?? ''
  const save = useMutation({
    mutationFn: () =>
      request(adminSaveSlang, {
        body: {
          words: text
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .map((l) => {
              const [word = '', score = '0'] = l.split(/\s+/)
              return { word, score: Number(score) }
            }),
        },
      }),
    onSuccess: () => {
      toast.success('Slang list saved')
      void client.invalidateQueries({ queryKey: sentimentKeys.admin })
    },
    onError: (e) => toast.error(message(e)),
  })
  return (
    <Card
      title="Slang list"
      description={`One word and a score (-5 … 5) a line. Version ${slang.data?.lexicon_version ?? '…'}`}
    >
      <TextArea
        aria-label="Slang words"
        rows={8}
        disabled={draft === undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="font-mono text-xs"
      />
      <div className="mt-3 flex justify-end">
        <Button
          variant="secondary"
          loading={save.isPending}
          disabled={draft === undefined}
          onClick={() => save.mutate()}
        >
          Save slang
        </Button>
      </div>
    </Card>
  )
}

function BlacklistCard() {
  const list = useQuery(adminBlacklistQuery)
  const [search, setSearch] = useState('')
  const found = useQuery(adminUserSearchQuery(search))
  const client = useQueryClient()
  const toast = useToast()
  const change = useMutation({
    mutationFn: ({ id, add }: { id: number; add: boolean }) =>
      request(add ? adminAddToBlacklist : adminRemoveFromBlacklist, { body: { user_id: id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...sentimentKeys.admin, 'blacklist'] }),
    onError: (e) => toast.error(message(e)),
  })
  return (
    <Card title="Analysis blacklist" description="These users cannot run analyses.">
      <TextInput
        aria-label="Search users"
        placeholder="Search users by name or email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {found.data?.users.length ? (
        <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
          {found.data.users.map((u) => (
            <li key={u.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {u.username} <span className="text-muted">{u.email}</span>
              </span>
              <Button size="sm" variant="secondary" onClick={() => change.mutate({ id: u.id, add: true })}>
                Add
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-4 divide-y divide-border">
        {list.data?.users.map((u) => (
          <li key={u.id} className="flex items-center justify-between gap-2 py-2 text-sm">
            <span>
              {u.username} <span className="text-muted">{u.email}</span>
            </span>
            <Button size="sm" variant="tertiary" onClick={() => change.mutate({ id: u.id, add: false })}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {list.data && !list.data.users.length ? (
        <p className="mt-3 text-sm text-muted">Nobody is blacklisted.</p>
      ) : null}
    </Card>
  )
}

/** /admin/sentiment: the engine's default prompt and model, the slang list, the blacklist and every run. */
export function SentimentAdminPage() {
  const [page, setPage] = useState(1)
  const history = useQuery(adminHistoryQuery(page))
  const navigate = useNavigate()
  const client = useQueryClient()
  const toast = useToast()
  const remove = useMutation({
    mutationFn: (id: string) => request(adminDeleteSentiment, { body: { id } }),
    onSuccess: () => {
      toast.success('Analysis deleted')
      void client.invalidateQueries({ queryKey: sentimentKeys.admin })
    },
  })
  type Row = NonNullable<typeof history.data>['list'][number]
  const [deleting, setDeleting] = useState<Row | null>(null)
  return (
    <>
      <ConfirmationModal
        open={!!deleting}
        destructive
        title="Delete this analysis?"
        confirmText="Delete"
        cancelText="Cancel"
        message={
          deleting
            ? `The analysis by ${deleting.username}${deleting.query ? ` (“${deleting.query}”)` : ''} and its ${deleting.counts.positive + deleting.counts.neutral + deleting.counts.negative} labelled comments are deleted for good.`
            : null
        }
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
      <PageHeader
        title="Sentiment"
        description="Engine settings, slang, who may analyse, and the history of runs."
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <EngineCard />
        <BlacklistCard />
      </div>
      <div className="mt-6">
        <SlangCard />
      </div>
      <h2 className="mt-8 mb-3 text-lg font-semibold text-text">History</h2>
      <DataTable<Row>
        caption="Sentiment history"
        rows={history.data?.list}
        rowKey={(r) => r.id}
        loading={history.isFetching}
        error={history.error ? message(history.error) : undefined}
        onRetry={() => void history.refetch()}
        onRowClick={(r) => void navigate(`/admin/sentiment/${r.id}`)}
        emptyText="No analyses yet."
        columns={[
          { key: 'user', header: 'User', cell: (r) => r.username },
          { key: 'label', header: 'Result', cell: (r) => <LabelBadge label={r.label} /> },
          { key: 'query', header: 'Query', cell: (r) => r.query ?? '—', hideOnMobile: true },
          {
            key: 'engine',
            header: 'Engine',
            cell: (r) => `${r.engine}${r.model ? ` · ${r.model}` : ''}`,
            hideOnMobile: true,
          },
          {
            key: 'when',
            header: 'When',
            cell: (r) => new Date(r.created_at).toLocaleString(),
            hideOnMobile: true,
          },
          {
            key: 'delete',
            header: '',
            cell: (r) => (
              <Button
                size="sm"
                variant="tertiary"
                destructive
                onClick={(e) => {
                  e.stopPropagation()
                  setDeleting(r)
                }}
              >
                Delete
              </Button>
            ),
          },
        ]}
      />
      {history.data ? (
        <div className="mt-4">
          <Pagination
            page={page}
            lastPage={history.data.lastPage}
            total={history.data.total}
            onChange={setPage}
          />
        </div>
      ) : null}
    </>
  )
}
