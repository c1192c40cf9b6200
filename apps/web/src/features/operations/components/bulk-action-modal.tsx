import { useState } from 'react'
import { Link } from 'react-router'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  BULK_FINAL_VIDEO_ACTIONS,
  BULK_USER_ACTIONS,
} from '@mouthpiece/contracts/operations/bulk-actions.contract'
import type { BulkActionInput } from '@mouthpiece/contracts/operations/bulk-actions.contract'
import { Button } from '../../../components/ui/button'
import { Modal } from '../../../components/ui/modal'
import { FormError } from '../../../components/ui/field'
import { PATHS } from '../../../app/paths'
import { bulkActionQuery, previewBulk, startBulk } from '../api'

type Target = BulkActionInput['target']
type Action = BulkActionInput['action']
const VERB: Record<Action, string> = { disable: 'Disable', enable: 'Enable', delete: 'Delete' }
/** What each target is called, its actions and its audit-log action prefix. */
const TARGETS: Record<Target, { noun: string; one: string; actions: readonly Action[]; audit: string }> = {
  users: { noun: 'users', one: 'User', actions: BULK_USER_ACTIONS, audit: 'users' },
  final_videos: { noun: 'videos', one: 'Video', actions: BULK_FINAL_VIDEO_ACTIONS, audit: 'final-videos' },
}

function Progress({ id, onDone, target }: { id: string; onDone: () => void; target: Target }) {
  const t = TARGETS[target]
  const job = useQuery(bulkActionQuery(id))
  const b = job.data
  if (!b) return <p className="text-sm text-muted">Starting…</p>
  const pct = b.total ? Math.round((b.processed / b.total) * 100) : 100
  const finished = b.status === 'completed' || b.status === 'failed'
  return (
    <div className="flex flex-col gap-4" data-testid="bulk-progress">
      <div>
        <div className="mb-1.5 flex justify-between text-sm">
          <span className="text-text">
            {finished ? (b.status === 'completed' ? 'Done' : 'Stopped') : 'Working…'}
          </span>
          <span className="text-muted">
            {b.processed} of {b.total}
          </span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="Bulk action progress"
        >
          <div className="h-full rounded-full bg-accent transition-all" style={{ width: `${pct}%` }} />
        </div>
      </div>
      {finished ? (
        <div className="rounded-lg border border-border bg-[#0f1218] p-4 text-sm" data-testid="bulk-report">
          <p className="font-medium text-text">Report</p>
          <ul className="mt-2 grid grid-cols-3 gap-2 text-center">
            <li>
              <span className="block text-xl font-semibold text-text">{b.changed}</span>
              <span className="text-muted">changed</span>
            </li>
            <li>
              <span className="block text-xl font-semibold text-text">{b.skipped}</span>
              <span className="text-muted">already so</span>
            </li>
            <li>
              <span className={`block text-xl font-semibold ${b.failed ? 'text-danger' : 'text-text'}`}>
                {b.failed}
              </span>
              <span className="text-muted">failed</span>
            </li>
          </ul>
          {b.errors.length ? (
            <ul className="mt-3 max-h-32 overflow-y-auto text-xs text-danger">
              {b.errors.map((e) => (
                <li key={e.id}>
                  {t.one} {e.id}: {e.message}
                </li>
              ))}
            </ul>
          ) : null}
          <Link
            to={`${PATHS.adminAuditLog}?action=${t.audit}.${b.action}`}
            className="mt-3 inline-block text-accent hover:underline"
            onClick={onDone}
          >
            See each change in the audit log
          </Link>
        </div>
      ) : null}
    </div>
  )
}

/**
 * A bulk action on every row the list's filter matches, not only the page on screen: pick the
 * action, run the dry-run count, confirm that number, then watch the background job's progress
 * and read its report.
 */
export function BulkActionModal({
  open,
  onClose,
  target,
  filter,
  describe,
}: {
  open: boolean
  onClose: () => void
  target: Target
  filter: BulkActionInput['filter']
  describe: string
}) {
  const ticked = filter.ids?.length
  const t = TARGETS[target]
  const [action, setAction] = useState<Action>(t.actions[0]!)
  const [count, setCount] = useState<number>()
  const [jobId, setJobId] = useState<string>()
  const client = useQueryClient()
  const input = { target, action, filter } as BulkActionInput
  const dryRun = useMutation({ mutationFn: () => previewBulk(input), onSuccess: setCount })
  const start = useMutation({
    mutationFn: () => startBulk({ ...input, confirm_count: count ?? 0 }),
    onSuccess: (b) => setJobId(b.id),
  })
  const close = () => {
    setCount(undefined)
    setJobId(undefined)
    dryRun.reset()
    start.reset()
    void client.invalidateQueries({ queryKey: ['admin'] })
    onClose()
  }

  return (
    <Modal open={open} onClose={close} title={`Bulk action on matching ${t.noun}`} size="md">
      {jobId ? (
        <div className="flex flex-col gap-4">
          <Progress id={jobId} onDone={close} target={target} />
          <div className="flex justify-end">
            <Button variant="tertiary" onClick={close}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">
            Applies to{' '}
            {ticked ? (
              <>
                <span className="text-text">
                  the {ticked} {ticked === 1 ? t.one.toLowerCase() : t.noun} you selected
                </span>
                . Each change is written to the audit log.
              </>
            ) : (
              <>
                <span className="text-text">
                  every {t.one.toLowerCase()} matching {describe}
                </span>
                , on all pages. Each change is written to the audit log.
              </>
            )}
          </p>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 text-sm text-muted">Action</legend>
            {t.actions.map((a) => (
              <label
                key={a}
                className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${a === action ? 'border-accent bg-accent/12 text-accent' : 'border-border text-[#c9cedb]'}`}
              >
                <input
                  type="radio"
                  name="bulk-action"
                  value={a}
                  checked={a === action}
                  className="sr-only"
                  onChange={() => {
                    setAction(a)
                    setCount(undefined)
                  }}
                />
                {VERB[a]} {t.noun}
              </label>
            ))}
          </fieldset>
          {count === undefined ? (
            <Button variant="secondary" loading={dryRun.isPending} onClick={() => dryRun.mutate()}>
              {`Dry run: count matching ${t.noun}`}
            </Button>
          ) : (
            <div
              className="rounded-lg border border-border bg-[#0f1218] p-4 text-sm"
              data-testid="bulk-dry-run"
            >
              {count === 0 ? (
                `No ${t.noun} match ${ticked ? 'your selection' : 'this filter'}.`
              ) : (
                <>
                  This will{' '}
                  <b className="text-text">
                    {VERB[action].toLowerCase()} {count} {count === 1 ? t.one.toLowerCase() : t.noun}
                  </b>
                  .
                </>
              )}
            </div>
          )}
          <FormError message={dryRun.error?.message ?? start.error?.message} />
          <div className="flex justify-end gap-2">
            <Button variant="tertiary" onClick={close}>
              Cancel
            </Button>
            <Button
              destructive={action !== 'enable'}
              disabled={!count}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              {count
                ? `${VERB[action]} ${count} ${count === 1 ? t.one.toLowerCase() : t.noun}`
                : VERB[action]}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  )
}
