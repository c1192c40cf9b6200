import { useState } from 'react'
import type { FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { retryExtraction, scrapeBrand } from '@mouthpiece/contracts/ads/scraper.contract'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field, TextInput } from '../../../components/ui/field'
import { request } from '../../../lib/api'
import { adsKeys, failureText } from '../api'
import { useScrapeTask } from '../use-scrape-task'

/** "Read my brand from my site": the URL, live progress over the socket, the failure and a retry. */
export function ScrapePanel({ onDone }: { onDone: (brandId: number) => void }) {
  const [url, setUrl] = useState('')
  const [taskId, setTaskId] = useState<string | null>(null)
  const [handled, setHandled] = useState<string | null>(null)
  const client = useQueryClient()
  const task = useScrapeTask(taskId)
  const start = useMutation({
    mutationFn: (u: string) => request(scrapeBrand, { body: { url: u } }),
    onSuccess: (r) => {
      setTaskId(r.task.id)
      setHandled(null)
    },
  })
  const retry = useMutation({
    mutationFn: (id: string) => request(retryExtraction, { params: { id } }),
    onSuccess: (r) => {
      client.setQueryData(adsKeys.task(r.task.id), r)
      setHandled(null)
    },
  })
  if (task?.status === 'completed' && task.brand_id && handled !== task.id) {
    setHandled(task.id)
    void client.invalidateQueries({ queryKey: adsKeys.brands })
    onDone(task.brand_id)
  }
  const running = task && (task.status === 'queued' || task.status === 'running')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (url.trim()) start.mutate(url.trim())
  }
  return (
    <Card
      title="Read your brand from your site"
      description="We read your site's name, description, logos, colours and fonts. You check each value before saving."
    >
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Site address" className="flex-1" error={failureText(start.error) ?? undefined}>
          <TextInput
            type="text"
            inputMode="url"
            placeholder="https://your-brand.com"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            invalid={!!start.error}
          />
        </Field>
        <Button type="submit" loading={start.isPending || !!running} disabled={!url.trim()}>
          Read brand
        </Button>
      </form>
      {task && (
        <div className="mt-4 flex flex-col gap-2" aria-live="polite">
          <div className="flex items-center justify-between text-sm">
            <span className={task.status === 'failed' ? 'text-danger' : 'text-text'}>
              {task.status === 'failed' ? 'Could not read the site' : task.stage}
            </span>
            <span className="text-muted">{task.progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Reading the site"
            aria-valuenow={task.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className={task.status === 'failed' ? 'h-full bg-danger' : 'h-full bg-accent transition-all'}
              style={{ width: `${Math.max(task.progress, 4)}%` }}
            />
          </div>
          {task.status === 'failed' && (
            <div className="flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p role="alert" className="text-danger">
                {task.error}
              </p>
              <Button
                size="sm"
                variant="tertiary"
                loading={retry.isPending}
                onClick={() => retry.mutate(task.id)}
              >
                Try again
              </Button>
            </div>
          )}
          {task.status === 'completed' &&
            task.warnings.map((w) => (
              <p
                key={w}
                className="rounded-lg border border-warning/40 bg-warning/10 p-2 text-sm text-warning"
              >
                {w}
              </p>
            ))}
        </div>
      )}
    </Card>
  )
}
