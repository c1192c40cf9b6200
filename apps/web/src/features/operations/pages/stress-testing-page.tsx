import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { STRESS_CAPS, STRESS_TARGETS } from '@mouthpiece/contracts/operations/stress-tests.contract'
import type { StressTarget } from '@mouthpiece/contracts/operations/stress-tests.contract'
import { Button } from '../../../components/ui/button'
import { Card, PageHeader } from '../../../components/ui/card'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { stressTestQuery, stressTestsQuery, useStartStressTest, useStressTestPush } from '../api'
import { STRESS_TARGET_LABEL, StressTestView } from '../components/stress-test-view'

const FIELDS = [
  { key: 'requests', label: 'Requests', hint: `1 – ${STRESS_CAPS.requests} in all` },
  {
    key: 'concurrency',
    label: 'Concurrency',
    hint: `1 – ${STRESS_CAPS.concurrency} at once, only while users leave room`,
  },
  { key: 'duration_s', label: 'Duration cap (seconds)', hint: `1 – ${STRESS_CAPS.duration_s}` },
] as const
type Caps = Record<(typeof FIELDS)[number]['key'], string>

/** The run on screen: the one just started, else the latest still running (a reload finds it again). */
function CurrentRun({ sessionId }: { sessionId: string }) {
  const run = useQuery(stressTestQuery(sessionId))
  if (run.isPending) return <LoadingBlock label="Reading the stress test…" />
  if (run.isError) return <FormError message={run.error.message} />
  return (
    <>
      <StressTestView run={run.data} />
      <p className="mt-4 text-sm text-muted">
        <Link
          className="text-accent underline underline-offset-2"
          to={`/admin/stress-test/results/${sessionId}`}
        >
          Open this result
        </Link>{' '}
        · kept with the others in stress test results.
      </p>
    </>
  )
}

/** /admin/stress-test/testing (SPEC §7 "Stress tests"): start a bounded run against the speech engine or the render workers, and watch it live (the admins' socket). */
export function StressTestingPage() {
  const [target, setTarget] = useState<StressTarget>('voice')
  const [caps, setCaps] = useState<Caps>({ requests: '20', concurrency: '1', duration_s: '60' })
  const [sessionId, setSessionId] = useState<string>()
  const start = useStartStressTest()
  useStressTestPush()
  const latest = useQuery(stressTestsQuery(1))
  const running = latest.data?.list.find((r) => r.status === 'queued' || r.status === 'running')
  const shown = sessionId ?? running?.session_id
  const error = start.error instanceof ApiError ? start.error.failure : undefined
  const fieldError = (key: string) => error?.errors?.[key]?.[0]

  return (
    <div>
      <PageHeader
        title="Stress test"
        description="Load our own speech engine or render workers with a bounded run. Runs take the lowest priority: they stand aside whenever real users need the engine."
      />
      <Card title="New run" className="mb-6">
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault()
            start.mutate(
              {
                target,
                body: {
                  requests: Number(caps.requests),
                  concurrency: Number(caps.concurrency),
                  duration_s: Number(caps.duration_s),
                },
              },
              { onSuccess: (run) => setSessionId(run.session_id) },
            )
          }}
        >
          <fieldset className="flex flex-wrap gap-3">
            <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Service</legend>
            {STRESS_TARGETS.map((t) => (
              <label
                key={t}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${target === t ? 'border-accent text-text' : 'border-border text-muted'}`}
              >
                <input
                  type="radio"
                  name="target"
                  value={t}
                  checked={target === t}
                  onChange={() => setTarget(t)}
                  className="accent-[var(--color-accent)]"
                />
                {STRESS_TARGET_LABEL[t]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            {FIELDS.map((f) => (
              <Field key={f.key} label={f.label} hint={f.hint} error={fieldError(f.key)}>
                <TextInput
                  type="number"
                  inputMode="numeric"
                  value={caps[f.key]}
                  onChange={(e) => setCaps({ ...caps, [f.key]: e.target.value })}
                />
              </Field>
            ))}
          </div>
          {start.error && !(error && FIELDS.some((f) => fieldError(f.key))) ? (
            <FormError message={start.error.message} />
          ) : null}
          <div>
            <Button type="submit" loading={start.isPending} disabled={Boolean(running && !sessionId)}>
              Start stress test
            </Button>
          </div>
        </form>
      </Card>
      {shown ? (
        <CurrentRun sessionId={shown} />
      ) : (
        <p className="text-sm text-muted">
          No stress test is running. Past runs are in{' '}
          <Link className="text-accent underline underline-offset-2" to="/admin/stress-test/results">
            stress test results
          </Link>
          .
        </p>
      )}
    </div>
  )
}
