import { useParams } from 'react-router'
import { useMutation, useQuery } from '@tanstack/react-query'
import { adminSaveSentimentSetting } from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError, request } from '../../../lib/api'
import { useDraft } from '../../../lib/use-draft'
import { adminResultQuery } from '../api'
import { SentimentResultView } from '../components/sentiment-result'
import { adminExportSentiment } from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'

/** /admin/sentiment/:id: one run, and the prompt and model its next analyse-again will use. */
export function SentimentResultAdminPage() {
  const { id = '' } = useParams()
  const result = useQuery(adminResultQuery(id))
  const toast = useToast()
  const [draft, setForm] = useDraft(
    result.data,
    (d) => ({ prompt: d.run.prompt ?? '', model: d.run.model ?? '' }),
    id,
  )
  const form = draft ?? { prompt: '', model: '' }
  const save = useMutation({
    mutationFn: () =>
      request(adminSaveSentimentSetting, {
        body: { id, prompt: form.prompt || null, model: form.model || null },
      }),
    onSuccess: () => toast.success('Saved for this analysis'),
    onError: (e) =>
      toast.error(e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'),
  })
  if (result.isPending) return <LoadingBlock label="Loading the analysis…" />
  if (result.error)
    return (
      <p role="alert" className="text-sm text-danger">
        {result.error instanceof ApiError ? result.error.failure.message : 'Something went wrong. Try again!'}
      </p>
    )
  return (
    <>
      <PageHeader
        title="Sentiment result"
        description={`Run ${id.slice(0, 8)} · ${new Date(result.data.run.created_at).toLocaleString()} · snapshot ${result.data.run.snapshot_hash.slice(0, 12)}`}
      />
      <Card className="mb-6" title="Setting for this analysis" description="Used by its next analyse-again.">
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <Field label="Prompt">
            <TextArea
              rows={2}
              value={form.prompt}
              onChange={(e) => setForm({ ...form, prompt: e.target.value })}
            />
          </Field>
          <Field label="Model">
            <TextInput value={form.model} onChange={(e) => setForm({ ...form, model: e.target.value })} />
          </Field>
        </div>
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" loading={save.isPending} onClick={() => save.mutate()}>
            Save setting
          </Button>
        </div>
      </Card>
      <SentimentResultView
        admin
        run={result.data.run}
        comments={result.data.comments}
        exportButton={
          <ExportCsvButton
            route={adminExportSentiment}
            query={{ id: result.data.run.id }}
            fileName="sentiment.csv"
          />
        }
      />
    </>
  )
}
