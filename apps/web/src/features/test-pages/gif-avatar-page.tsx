import { useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import {
  GIF_AVATAR_MAX_SECONDS,
  GIF_AVATAR_SIZES,
  makeGifAvatar,
} from '@mouthpiece/contracts/avatars/gif-avatar.contract'
import type { GifAvatar, GifAvatarBody } from '@mouthpiece/contracts/avatars/gif-avatar.contract'
import { EMOTIONS } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { Button } from '../../components/ui/button'
import { Card, PageHeader } from '../../components/ui/card'
import { Field, FormError, TextInput } from '../../components/ui/field'
import { request } from '../../lib/api'
import { customAvatarsQuery, influencersQuery } from '../avatars'
import { messageOf } from '../donations'
import { TestPagesNav, selectClass } from './test-pages-nav'

/** `i:<slug>` or `c:<id>`: one select for influencers and the user's own avatars. */
const choiceBody = (choice: string): Pick<GifAvatarBody, 'influencer_id' | 'custom_avatar_id'> =>
  choice.startsWith('c:')
    ? { custom_avatar_id: Number(choice.slice(2)) }
    : choice
      ? { influencer_id: choice.slice(2) }
      : {}

/** page-for-test/gif-avatar: an avatar as an animated GIF, drawn by the same code as renders and the overlay. */
export function GifAvatarPage() {
  const influencers = useQuery(influencersQuery)
  const mine = useQuery(customAvatarsQuery)
  const [choice, setChoice] = useState('')
  const [emotion, setEmotion] = useState<Emotion | ''>('')
  const [text, setText] = useState('')
  const [seconds, setSeconds] = useState(3)
  const [size, setSize] = useState<(typeof GIF_AVATAR_SIZES)[number]>(256)
  const make = useMutation({
    mutationFn: (body: GifAvatarBody) => request(makeGifAvatar, { body }).then((r) => r.gif),
  })
  const gif: GifAvatar | undefined = make.data

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <TestPagesNav />
      <PageHeader
        title="GIF avatar"
        description="Turn an avatar into a looping animated GIF for chat, panels or socials. Give it a line to say and its mouth follows the words."
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_1fr]">
        <Card title="Settings">
          <form
            aria-label="GIF avatar"
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault()
              make.mutate({ ...choiceBody(choice), ...(emotion ? { emotion } : {}), text, seconds, size })
            }}
          >
            <Field label="Avatar" className="sm:col-span-2">
              <select
                aria-label="Avatar"
                value={choice}
                onChange={(e) => setChoice(e.target.value)}
                className={selectClass}
              >
                <option value="">Default influencer</option>
                <optgroup label="Influencers">
                  {influencers.data?.influencers.map((i) => (
                    <option key={i.id} value={`i:${i.id}`}>
                      {i.name}
                    </option>
                  ))}
                </optgroup>
                {mine.data?.avatars.length ? (
                  <optgroup label="My avatars">
                    {mine.data.avatars.map((a) => (
                      <option key={a.id} value={`c:${a.id}`}>
                        {a.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
            </Field>
            <Field label="Emotion">
              <select
                aria-label="Emotion"
                value={emotion}
                onChange={(e) => setEmotion(e.target.value as Emotion | '')}
                className={selectClass}
              >
                <option value="">The avatar's own</option>
                {EMOTIONS.map((e) => (
                  <option key={e} value={e}>
                    {e}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Size">
              <select
                aria-label="Size"
                value={size}
                onChange={(e) => setSize(Number(e.target.value) as typeof size)}
                className={selectClass}
              >
                {GIF_AVATAR_SIZES.map((s) => (
                  <option key={s} value={s}>
                    {s} × {s}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label="Line to say (optional)"
              hint="The GIF is silent; the mouth moves with the words."
              className="sm:col-span-2"
            >
              <TextInput
                value={text}
                maxLength={200}
                placeholder="Thanks for the follow!"
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            <Field
              label={`Length: ${seconds} s`}
              hint={`1 to ${GIF_AVATAR_MAX_SECONDS} seconds; a longer line makes it longer.`}
              className="sm:col-span-2"
            >
              <input
                aria-label="Length in seconds"
                type="range"
                min={1}
                max={GIF_AVATAR_MAX_SECONDS}
                step={1}
                value={seconds}
                onChange={(e) => setSeconds(Number(e.target.value))}
                className="w-full accent-[#FF6A59]"
              />
            </Field>
            <div className="sm:col-span-2">
              <FormError message={messageOf(make.error)} />
              <Button type="submit" loading={make.isPending} className="mt-1">
                Make GIF
              </Button>
            </div>
          </form>
        </Card>
        <Card
          title="Result"
          description={
            gif
              ? `${gif.id} · ${gif.frames} frames · ${gif.seconds} s · ${(gif.bytes / 1024).toFixed(0)} kB`
              : undefined
          }
        >
          {gif ? (
            <div className="flex flex-col items-center gap-4">
              <img
                src={gif.url}
                alt="GIF avatar"
                width={gif.size}
                height={gif.size}
                className="max-w-full rounded-xl bg-[repeating-conic-gradient(#1b1f2a_0_25%,#141720_0_50%)] bg-[length:24px_24px]"
              />
              <a
                href={gif.url}
                download={`${gif.id}.gif`}
                className="text-sm font-medium text-accent hover:underline"
              >
                Download GIF
              </a>
            </div>
          ) : (
            <p className="py-12 text-center text-sm text-muted">
              {make.isPending ? 'Drawing frames…' : 'Your GIF shows here. Pick an avatar and press Make GIF.'}
            </p>
          )}
        </Card>
      </div>
    </div>
  )
}
