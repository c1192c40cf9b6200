import { useQuery } from '@tanstack/react-query'
import { sampleVideosQuery } from '../api'

/** Real renders an operator chose to show; the section does not exist until there is one. */
export function SampleOutputsSection() {
  const { data } = useQuery(sampleVideosQuery)
  const videos = data?.videos ?? []
  if (!videos.length) return null
  return (
    <section aria-labelledby="samples-heading" className="px-4 py-16 sm:px-6 min-[800px]:py-20 lg:px-10">
      <div className="mx-auto max-w-[1180px]">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">Made with Mouthpiece</p>
        <h2 id="samples-heading" className="mt-2 text-3xl font-bold tracking-tight text-text sm:text-4xl">
          Sample videos
        </h2>
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((v) => (
            <figure key={v.id} className="overflow-hidden rounded-2xl border border-border bg-surface">
              <video
                src={v.video_url}
                poster={v.poster_url ?? undefined}
                controls
                preload="metadata"
                playsInline
                className="aspect-video w-full bg-black"
              />
              <figcaption className="px-4 py-3 text-sm font-medium text-text">{v.title}</figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  )
}
