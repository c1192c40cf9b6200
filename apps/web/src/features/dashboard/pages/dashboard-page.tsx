import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { Badge, Card } from '../../../components/ui/card'
import {
  AlertIcon,
  FolderIcon,
  GridIcon,
  MailIcon,
  RadioIcon,
  SettingsIcon,
  SparkIcon,
  UserIcon,
  VideoIcon,
} from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useHasPage } from '../../../app/route-lookup'
import { ACCOUNT_SETTINGS_LINK, PATHS, QUICK_CREATE_LINK } from '../../../app/paths'
import { useCurrentUser } from '../../auth'
import { OnboardingChecklist } from '../../backoffice'

interface Area {
  title: string
  text: string
  to: string
  icon: ReactNode
  /** Creation tools are closed to disabled accounts. */
  creation?: boolean
}

/** Product areas, shown only when this installation has their page (the dashboard never links to nothing). */
const AREAS: Area[] = [
  {
    title: 'Quick Create',
    text: 'Type a line and get a talking-avatar video with captions in seconds.',
    to: QUICK_CREATE_LINK,
    icon: <SparkIcon size={22} />,
    creation: true,
  },
  {
    title: 'Project Editor',
    text: 'Build longer videos on a timeline with voice, avatar and captions.',
    to: PATHS.projects,
    icon: <FolderIcon size={22} />,
    creation: true,
  },
  {
    title: 'Live Stream Alerts',
    text: 'Turn tips, bits and subs into spoken alerts by your avatar.',
    to: PATHS.donationSettings,
    icon: <RadioIcon size={22} />,
    creation: true,
  },
  {
    title: 'Avatar editor',
    text: 'Design a custom avatar from a short description.',
    to: PATHS.avatarEditor,
    icon: <UserIcon size={22} />,
    creation: true,
  },
  {
    title: 'Asset management',
    text: 'Your uploads, audio takes, renders and avatars, and the storage they use.',
    to: PATHS.dashboardAssetManagement,
    icon: <GridIcon size={22} />,
  },
  {
    title: 'Voice editor',
    text: 'Shape the voice your avatar speaks with.',
    to: PATHS.voiceEditor,
    icon: <VideoIcon size={22} />,
    creation: true,
  },
]

function AreaCard({ area, disabled }: { area: Area; disabled: boolean }) {
  const body = (
    <>
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent/12 text-accent">
        {area.icon}
      </span>
      <h3 className="mt-4 text-base font-semibold text-text">{area.title}</h3>
      <p className="mt-1 text-sm leading-relaxed text-muted">{area.text}</p>
    </>
  )
  if (disabled)
    return (
      <div aria-disabled="true" className="rounded-2xl border border-border bg-surface p-5 opacity-50">
        {body}
      </div>
    )
  return (
    <Link
      to={area.to}
      className="group rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-accent/60 hover:bg-[#1a1e29] focus-visible:outline-2 focus-visible:outline-accent"
    >
      {body}
    </Link>
  )
}

/** The signed-in home: a welcome, the product areas this installation offers, the account at a glance. */
export function DashboardPage() {
  const { data: user } = useCurrentUser()
  const hasPage = useHasPage()
  if (!user) return <LoadingBlock />
  const areas = AREAS.filter((a) => hasPage(a.to))

  return (
    <div className="flex flex-col gap-8">
      <section className="relative overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-[#1d1416] via-surface to-surface p-6 sm:p-10">
        <div
          className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-accent/20 blur-3xl"
          aria-hidden="true"
        />
        <p className="text-sm font-medium text-accent">Dashboard</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-text sm:text-4xl">
          Welcome, {user.username}
        </h1>
        <p className="mt-3 max-w-xl text-[#b4bac8]">
          This is your home on Mouthpiece. Everything you make and every alert you set up starts here.
        </p>
      </section>

      {!user.is_enabled ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl border border-warning/40 bg-warning/10 p-4 text-sm text-[#f5dfa6]"
        >
          <AlertIcon size={20} className="mt-0.5 shrink-0 text-warning" />
          <p>
            Your account is disabled, so the creation tools are closed for now. Your settings still work.{' '}
            <Link to={PATHS.contact} className="font-medium text-warning underline underline-offset-2">
              Contact us
            </Link>{' '}
            if you think this is a mistake.
          </p>
        </div>
      ) : null}

      {user.is_enabled ? <OnboardingChecklist /> : null}

      {areas.length ? (
        <section aria-labelledby="areas-title">
          <h2 id="areas-title" className="mb-4 text-lg font-semibold text-text">
            Create
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {areas.map((a) => (
              <AreaCard key={a.title} area={a} disabled={Boolean(a.creation && !user.is_enabled)} />
            ))}
          </div>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card
          title="Your account"
          actions={
            <ButtonLink
              to={ACCOUNT_SETTINGS_LINK}
              variant="tertiary"
              size="sm"
              icon={<SettingsIcon size={16} />}
            >
              Settings
            </ButtonLink>
          }
        >
          <dl className="grid gap-5 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">Username</dt>
              <dd className="mt-1 font-medium text-text">{user.username}</dd>
            </div>
            <div>
              <dt className="text-muted">Email</dt>
              <dd className="mt-1 font-medium break-all text-text">{user.email}</dd>
            </div>
            <div>
              <dt className="text-muted">Status</dt>
              <dd className="mt-1 flex flex-wrap gap-2">
                {user.is_enabled ? (
                  <Badge tone="success">Active</Badge>
                ) : (
                  <Badge tone="danger">Disabled</Badge>
                )}
                {user.is_grandfather ? <Badge tone="accent">Grandfathered</Badge> : null}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Member since</dt>
              <dd className="mt-1 font-medium text-text">
                {new Date(user.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
              </dd>
            </div>
          </dl>
        </Card>
        <Card title="Need a hand?">
          <p className="text-sm leading-relaxed text-muted">
            Questions, ideas or something not working? Our team reads every message.
          </p>
          <ButtonLink
            to={PATHS.contact}
            variant="secondary"
            className="mt-5 w-full"
            icon={<MailIcon size={18} />}
          >
            Contact us
          </ButtonLink>
        </Card>
      </div>
    </div>
  )
}
