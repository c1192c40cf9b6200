import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { CheckIcon } from '../../../components/ui/icons'
import { checklistQuery } from '../api'
import { useConnectableServices } from '../../donations'

/** "Connect your channel" offers only what this server can connect (issue 24), not a 503 after the click. */
function ConnectableNote() {
  const services = useConnectableServices()
  if (!services) return null
  return (
    <p className="mt-1 text-xs text-muted" data-testid="connectable-services">
      On this server you can connect: {services.join(', ')}.
    </p>
  )
}

/**
 * The onboarding checklist on /dashboard: the steps the admin chose, each ticked when the user has
 * really done it. Hidden once every step is done (or when none is shown), and when it fails to
 * load: the dashboard works without it.
 */
export function OnboardingChecklist() {
  const { data } = useQuery(checklistQuery)
  if (!data || data.total === 0 || data.done === data.total) return null
  const next = data.steps.find((s) => !s.done)
  return (
    <section
      aria-labelledby="checklist-title"
      className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
      data-testid="onboarding-checklist"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="checklist-title" className="text-lg font-semibold text-text">
            Get started
          </h2>
          <p className="text-sm text-muted">
            {data.done} of {data.total} done
          </p>
        </div>
        <div
          className="h-2 w-full overflow-hidden rounded-full bg-surface-2 sm:w-48"
          role="progressbar"
          aria-label="Checklist progress"
          aria-valuenow={data.done}
          aria-valuemin={0}
          aria-valuemax={data.total}
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${(data.done / data.total) * 100}%` }}
          />
        </div>
      </div>
      <ol className="mt-5 flex flex-col divide-y divide-border/70">
        {data.steps.map((s) => (
          <li key={s.key} className="flex items-start gap-3 py-3" data-done={s.done}>
            <span
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border ${s.done ? 'border-success bg-success/15 text-success' : 'border-border text-transparent'}`}
              aria-hidden="true"
            >
              <CheckIcon size={14} />
            </span>
            <div className="min-w-0 flex-1">
              <p className={`font-medium ${s.done ? 'text-muted line-through' : 'text-text'}`}>
                {s.title}
                <span className="sr-only">{s.done ? ' (done)' : ' (to do)'}</span>
              </p>
              <p className="text-sm text-muted">{s.body}</p>
              {s.key === 'connect_channel' && !s.done ? <ConnectableNote /> : null}
            </div>
            {!s.done ? (
              <Link
                to={s.link}
                className={`shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium ${s === next ? 'bg-accent text-on-accent hover:bg-accent/90' : 'border border-border text-[#c9cedb] hover:border-accent hover:text-accent'}`}
              >
                {s.cta_label}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
