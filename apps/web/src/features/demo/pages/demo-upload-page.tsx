import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { DEMO_MAX_CHARS } from '@mouthpiece/contracts/renders/renders.schemas'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { AudioUploader } from '../../voices'

/** /demo-upload: demo step 1 — upload a recording for the avatar to lip-sync, or type a line. */
export function DemoUploadPage() {
  const navigate = useNavigate()
  const [mode, setMode] = useState<'upload' | 'text'>('upload')
  const [text, setText] = useState('')
  const textId = useId()
  const tooLong = text.length > DEMO_MAX_CHARS
  return (
    <div className="mx-auto max-w-[760px] px-4 py-10 sm:px-6">
      <DemoSteps step={1} />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-text sm:text-3xl">
        What should your avatar say?
      </h1>
      <p className="mt-2 text-muted">
        Upload a recording (up to 30 seconds) and the avatar lip-syncs it, or type a line for it to speak.
      </p>
      <div
        role="tablist"
        aria-label="Source"
        className="mt-6 inline-flex rounded-xl border border-border bg-[#11141c] p-1"
      >
        {(['upload', 'text'] as const).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
            className={cn(
              'rounded-lg px-4 py-2 text-sm font-medium',
              mode === m ? 'bg-accent text-on-accent' : 'text-muted hover:text-text',
            )}
          >
            {m === 'upload' ? 'Upload a recording' : 'Type a line'}
          </button>
        ))}
      </div>
      <div className="mt-6">
        {mode === 'upload' ? (
          <AudioUploader onReady={(p) => void navigate(`/demo-background?audio=${p.uuid_path}`)} />
        ) : (
          <div className="flex flex-col gap-3">
            <label htmlFor={textId} className="text-sm font-medium text-[#c9cedb]">
              Your line
            </label>
            <textarea
              id={textId}
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="w-full resize-none rounded-2xl border border-border bg-[#0f1218] px-4 py-3 text-text focus:border-accent focus:outline-none"
              placeholder="Hey chat, welcome in!"
            />
            <div className="flex justify-between text-xs text-muted">
              <span className={tooLong ? 'text-danger' : ''}>
                {tooLong
                  ? `Please enter between 1 and ${DEMO_MAX_CHARS} characters. Sign up for longer videos.`
                  : 'Signed out: up to 200 characters.'}
              </span>
              <span className="tabular-nums">
                {text.length}/{DEMO_MAX_CHARS}
              </span>
            </div>
            <Button
              className="self-start"
              disabled={!text.trim() || tooLong}
              onClick={() => void navigate(`/demo-background?text=${encodeURIComponent(text.trim())}`)}
            >
              Continue
            </Button>
          </div>
        )}
      </div>
    </div>
  )
}

/** The demo's three steps. */
export function DemoSteps({ step }: { step: 1 | 2 | 3 }) {
  const steps = ['Your audio', 'Background', 'Result']
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Demo steps">
      {steps.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i + 1 === step ? 'step' : undefined}>
          <span
            className={cn(
              'flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold',
              i + 1 === step
                ? 'bg-accent text-on-accent'
                : i + 1 < step
                  ? 'bg-success/20 text-success'
                  : 'bg-[#232838] text-muted',
            )}
          >
            {i + 1}
          </span>
          <span className={i + 1 === step ? 'text-text' : 'text-muted'}>{s}</span>
          {i < steps.length - 1 ? <span className="mx-1 h-px w-6 bg-border" aria-hidden="true" /> : null}
        </li>
      ))}
    </ol>
  )
}
