import type { SurveyRole } from '@mouthpiece/contracts/early-registers/survey-questions'
import { SurveyIconView } from '../../early-registers'

/** The early-access call to action: pick a side, then the survey opens on that role's questions. */
export function EarlyAccessSection({ onEarlyAccess }: { onEarlyAccess: (role?: SurveyRole) => void }) {
  const cards: Array<{ role: SurveyRole; title: string; body: string; icon: 'avatar' | 'tips' }> = [
    {
      role: 'creator',
      title: "I'm a creator",
      body: 'Spoken alerts, avatar videos and clips for your channel.',
      icon: 'avatar',
    },
    {
      role: 'fan',
      title: "I'm a fan",
      body: 'Tips read aloud by your favourite creator’s avatar.',
      icon: 'tips',
    },
  ]
  return (
    <section
      id="early-access"
      aria-labelledby="early-access-heading"
      className="px-4 pt-4 pb-20 sm:px-6 min-[800px]:pb-28 lg:px-10"
    >
      <div className="relative mx-auto max-w-[1180px] overflow-hidden rounded-3xl border border-accent/30 bg-[radial-gradient(80%_120%_at_0%_0%,rgba(255,106,89,0.22),transparent_60%),linear-gradient(180deg,#1a1e2a,#131620)] p-6 sm:p-12">
        <div className="grid items-center gap-10 min-[800px]:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wider text-accent uppercase">Early access</p>
            <h2
              id="early-access-heading"
              className="mt-2 text-3xl font-bold tracking-tight text-text sm:text-4xl"
            >
              Be first in line.
            </h2>
            <p className="mt-3 max-w-lg text-[#b4bac8]">
              Answer four quick questions and we’ll invite you as new features open up, starting with spoken
              TTS alerts.
            </p>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {cards.map((c) => (
              <button
                key={c.role}
                type="button"
                onClick={() => onEarlyAccess(c.role)}
                className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-[#11141c]/80 p-5 text-left transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent/15 text-accent">
                  <SurveyIconView icon={c.icon} size={24} />
                </span>
                <span className="text-lg font-semibold text-text">{c.title}</span>
                <span className="text-sm text-muted">{c.body}</span>
                <span className="mt-1 text-sm font-semibold text-accent">Join early access →</span>
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  )
}
