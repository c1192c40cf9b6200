import { Button, ButtonLink } from '../../../components/ui/button'
import { QUICK_CREATE_ANCHOR } from './quick-create-section'

/** A drawing of what an alert looks like on stream; decorative (it is not a recording). */
function AlertIllustration() {
  const bars = [
    10, 22, 34, 18, 40, 28, 14, 30, 44, 24, 12, 32, 20, 38, 16, 26, 36, 14, 28, 42, 18, 30, 12, 24, 34, 20,
    40, 16,
  ]
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[480px]">
      <div className="absolute -inset-6 rounded-[40px] bg-accent/20 blur-3xl" />
      <div className="relative overflow-hidden rounded-3xl border border-white/10 bg-[#141823]/90 p-5 shadow-2xl shadow-black/60 backdrop-blur">
        <div className="flex items-center gap-2 text-xs text-muted">
          <span className="h-2 w-2 rounded-full bg-danger" /> LIVE
          <span className="ml-auto rounded-full bg-[#232838] px-2 py-0.5">Alert overlay</span>
        </div>
        <div className="mt-5 flex items-center gap-5">
          <svg viewBox="0 0 120 120" className="h-28 w-28 shrink-0 drop-shadow-xl">
            <defs>
              <linearGradient id="hero-face" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#FF8373" />
                <stop offset="1" stopColor="#E85646" />
              </linearGradient>
            </defs>
            <rect x="6" y="6" width="108" height="108" rx="30" fill="url(#hero-face)" />
            <circle cx="42" cy="50" r="7" fill="#fff" />
            <circle cx="78" cy="50" r="7" fill="#fff" />
            <ellipse
              cx="60"
              cy="82"
              rx="16"
              ry="8"
              fill="#3a0f0a"
              className="origin-[60px_82px] animate-[mouth_0.9s_ease-in-out_infinite]"
            />
          </svg>
          <div className="min-w-0">
            <p className="text-sm font-semibold text-accent">jane_streams tipped $5.00</p>
            <p className="mt-1 text-lg leading-snug font-semibold text-text">
              “Let's gooo! Clip that right now!”
            </p>
          </div>
        </div>
        <div className="mt-5 flex h-12 items-center justify-between">
          {bars.map((h, i) => (
            <span
              key={i}
              className="w-1.5 rounded-full bg-gradient-to-t from-accent/40 to-accent"
              style={{ height: h, animation: `bar 1.1s ease-in-out ${i * 0.07}s infinite alternate` }}
            />
          ))}
        </div>
        <div className="mt-4 rounded-xl bg-black/40 px-4 py-2 text-center text-sm font-bold tracking-wide text-white">
          LET'S GOOO! <span className="text-[#05FBCA]">CLIP THAT</span> RIGHT NOW!
        </div>
      </div>
      <style>{`@keyframes mouth{0%,100%{transform:scaleY(.35)}50%{transform:scaleY(1)}}@keyframes bar{from{transform:scaleY(.35)}to{transform:scaleY(1)}}@media (prefers-reduced-motion: reduce){[class*="animate-"],[style*="animation"]{animation:none!important}}`}</style>
    </div>
  )
}

export function HeroSection({ onEarlyAccess }: { onEarlyAccess: () => void }) {
  return (
    <section className="relative overflow-hidden px-4 pt-14 pb-16 sm:px-6 min-[800px]:pt-24 min-[800px]:pb-24 lg:px-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_85%_10%,rgba(255,106,89,0.18),transparent_70%),radial-gradient(40%_40%_at_0%_100%,rgba(5,251,202,0.06),transparent_70%)]"
      />
      <div className="relative mx-auto grid max-w-[1180px] items-center gap-12 min-[800px]:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-accent/30 bg-accent/10 px-3 py-1 text-xs font-semibold tracking-wide text-accent uppercase">
            For streamers and creators
          </p>
          <h1 className="mt-5 text-4xl leading-[1.08] font-bold tracking-tight text-text sm:text-5xl lg:text-6xl">
            Give your stream a{' '}
            <span className="bg-gradient-to-r from-[#FF8373] to-[#FF6A59] bg-clip-text text-transparent">
              voice
            </span>{' '}
            and a{' '}
            <span className="bg-gradient-to-r from-[#FF6A59] to-[#ffb199] bg-clip-text text-transparent">
              face
            </span>
            .
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-[#b4bac8]">
            Mouthpiece turns a line of text into a lip-synced avatar video with captions, reads your tips,
            bits and subs aloud on stream, and builds ad creatives for your sponsors.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink
              to={{ hash: `#${QUICK_CREATE_ANCHOR}` }}
              size="lg"
              onClick={() =>
                document.getElementById(QUICK_CREATE_ANCHOR)?.scrollIntoView({ behavior: 'smooth' })
              }
            >
              Try it free
            </ButtonLink>
            <Button variant="tertiary" size="lg" onClick={onEarlyAccess}>
              Get early access
            </Button>
          </div>
          <p className="mt-6 text-sm text-muted">
            Alerts for Twitch and YouTube · runs on your own machine, no cloud keys needed
          </p>
        </div>
        <AlertIllustration />
      </div>
    </section>
  )
}
