import { useEffect, useId, useState } from 'react'
import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Field, TextInput } from '../../../components/ui/field'
import { VideoIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { cn } from '../../../lib/cn'
import type { InfluencerVideoChoice } from './influencer-video-choice'
import {
  EMPTY_CHOICE,
  REACTION_FILE_ACCEPT,
  canContinue,
  isVideoFile,
  isVideoUrl,
  setFile,
  setOriginal,
  setVideoReaction,
  setVideoUrl,
} from './influencer-video-choice'

function OptionCard({
  checked,
  onChange,
  title,
  children,
}: {
  checked: boolean
  onChange: (on: boolean) => void
  title: string
  children: ReactNode
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
        checked ? 'border-accent bg-accent/8' : 'border-border bg-[#141720] hover:border-[#3a4152]',
      )}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 h-4 w-4 accent-[#FF6A59]"
      />
      <span>
        <span className="block text-sm font-semibold text-text">{title}</span>
        <span className="mt-0.5 block text-xs leading-relaxed text-muted">{children}</span>
      </span>
    </label>
  )
}

/**
 * SPEC §2 chooser 'Create a Influencer Video' (title verbatim): the influencer speaks on its own
 * (Original) or reacts to a video given as a file or a URL (Video Reaction).
 */
export function InfluencerVideoModal({
  open,
  onClose,
  onContinue,
}: {
  open: boolean
  onClose: () => void
  onContinue: (choice: InfluencerVideoChoice) => void
}) {
  const [choice, setChoice] = useState<InfluencerVideoChoice>(EMPTY_CHOICE)
  const [fileError, setFileError] = useState<string>()
  const fileId = useId()
  useEffect(() => {
    if (open) setChoice(EMPTY_CHOICE)
  }, [open])

  const urlError =
    choice.videoUrl && !isVideoUrl(choice.videoUrl)
      ? 'Enter a full link starting with http:// or https://'
      : undefined

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create a Influencer Video"
      footer={
        <>
          <Button variant="tertiary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!canContinue(choice)} onClick={() => onContinue(choice)}>
            Continue
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <OptionCard
          checked={choice.original}
          onChange={(on) => setChoice((c) => setOriginal(c, on))}
          title="Original"
        >
          The influencer talks straight to camera with your script.
        </OptionCard>
        <OptionCard
          checked={choice.videoReaction}
          onChange={(on) => setChoice((c) => setVideoReaction(c, on))}
          title="Video Reaction"
        >
          The influencer reacts over a video you upload or link.
        </OptionCard>
        {choice.videoReaction ? (
          <div className="mt-2 flex flex-col gap-4 rounded-xl border border-border bg-[#141720] p-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fileId} className="text-sm font-medium text-[#c9cedb]">
                Video file
              </label>
              <input
                id={fileId}
                type="file"
                accept={REACTION_FILE_ACCEPT}
                disabled={Boolean(choice.videoUrl)}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null
                  if (file && !isVideoFile(file)) {
                    setFileError('Please choose a video file')
                    e.target.value = ''
                    return
                  }
                  setFileError(undefined)
                  setChoice((c) => setFile(c, file))
                }}
                className="text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-sm file:text-text disabled:opacity-50"
              />
              {fileError ? (
                <p role="alert" className="text-xs text-danger">
                  {fileError}
                </p>
              ) : choice.file ? (
                <p className="flex items-center gap-2 text-xs text-muted">
                  <VideoIcon size={14} /> {choice.file.name}
                  <button
                    type="button"
                    className="text-accent hover:underline"
                    onClick={() => setChoice((c) => setFile(c, null))}
                  >
                    Remove
                  </button>
                </p>
              ) : null}
            </div>
            <div className="flex items-center gap-3 text-xs text-muted">
              <span className="h-px flex-1 bg-border" />
              or
              <span className="h-px flex-1 bg-border" />
            </div>
            <Field label="Video URL" error={urlError}>
              <TextInput
                type="url"
                placeholder="https://…"
                value={choice.videoUrl}
                disabled={Boolean(choice.file)}
                onChange={(e) => setChoice((c) => setVideoUrl(c, e.target.value))}
              />
            </Field>
          </div>
        ) : null}
      </div>
    </Modal>
  )
}
