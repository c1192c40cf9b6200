import type { ReactNode } from 'react'
import { RadioIcon, SparkIcon, VideoIcon } from '../../../components/ui/icons'
import { SurveyIconView } from '../../early-registers'

const FEATURES: Array<{ title: string; body: string; icon: ReactNode; points: string[] }> = [
  {
    title: 'AI voice',
    body: 'Type it, hear it. Natural text-to-speech, a voice matched to yours, robot and pitch effects for bits.',
    icon: <SurveyIconView icon="alerts" size={26} />,
    points: ['Text to speech in seconds', 'Voice effects and matching', 'Short audio clips to download'],
  },
  {
    title: 'Lip-synced avatar videos',
    body: 'Your avatar speaks every word in sync, with captions timed to the voice and burned into the video.',
    icon: <VideoIcon size={26} />,
    points: [
      '15 caption fonts, your colours',
      'Landscape or portrait, 720p',
      'Timeline editor for longer cuts',
    ],
  },
  {
    title: 'Spoken stream alerts',
    body: 'Tips, bits, subs, gifted subs and Super Chats read aloud by your avatar, in an overlay you add to OBS.',
    icon: <RadioIcon size={26} />,
    points: [
      'Twitch, YouTube, Streamlabs, StreamElements',
      'Profanity filter you control',
      'Test alerts before you go live',
    ],
  },
  {
    title: 'Ads tooling',
    body: 'Brand kits, ad images, voiced ad audio and video for your sponsors, laid out on one canvas.',
    icon: <SparkIcon size={26} />,
    points: [
      'Scrape a brand from its site',
      'Generate ad images and variants',
      'Import Google and Meta ad data',
    ],
  },
]

export function FeaturesSection() {
  return (
    <section
      aria-labelledby="features-heading"
      className="border-y border-border/60 bg-sunken px-4 py-16 sm:px-6 min-[800px]:py-24 lg:px-10"
    >
      <div className="mx-auto max-w-[1180px]">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">What it does</p>
        <h2
          id="features-heading"
          className="mt-2 max-w-2xl text-3xl font-bold tracking-tight text-text sm:text-4xl"
        >
          One tool for your voice, your avatar and your alerts.
        </h2>
        <div className="mt-10 grid gap-5 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <article
              key={f.title}
              className="group rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-accent/40 sm:p-7"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-accent/12 text-accent">
                {f.icon}
              </span>
              <h3 className="mt-5 text-xl font-semibold text-text">{f.title}</h3>
              <p className="mt-2 leading-relaxed text-[#b4bac8]">{f.body}</p>
              <ul className="mt-4 flex flex-col gap-1.5 text-sm text-muted">
                {f.points.map((p) => (
                  <li key={p} className="flex items-center gap-2">
                    <span className="h-1.5 w-1.5 rounded-full bg-accent" aria-hidden="true" />
                    {p}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}
