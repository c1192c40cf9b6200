import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type {
  AvatarSetup,
  DonationSettings,
  OverlayAlert,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { INFLUENCERS, findInfluencer } from '@mouthpiece/avatar/presets'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { useToast } from '../../../components/ui/toast'
import {
  setupsQuery,
  useDeleteSetup,
  useTestSetupAlert,
  useUpdateSetupPrice,
  useVoicePreview,
  voicesQuery,
} from '../api'
import { formatMoney } from '../format'
import { AlertPreviewModal } from './alert-preview'
import { AvatarSetupModal } from './avatar-setup-modal'
import { AvatarThumb } from './avatar-thumb'
import { PanelState, messageOf } from './panel-state'
import { influencersQuery } from '../../avatars'

const SAMPLE = { who: 'TestTipper', amount: 5, message: 'This is a test alert.' }

/** Creators an admin added are not presets: their names come from the influencer list. */
function avatarName(
  setup: AvatarSetup,
  influencers: ReadonlyArray<{ id: string; name: string }> = [],
): string {
  if (setup.custom_style_id) return 'My custom avatar'
  if (setup.donation_avatar.look && !setup.donation_avatar.influencer_id) return 'Custom look'
  const id = setup.donation_avatar.influencer_id ?? ''
  return findInfluencer(id)?.name ?? influencers.find((i) => i.id === id)?.name ?? INFLUENCERS[0]!.name
}

function PriceEditor({ setup }: { setup: AvatarSetup }) {
  const toast = useToast()
  const save = useUpdateSetupPrice()
  const [value, setValue] = useState(String(setup.price))
  const changed = Number(value) !== setup.price
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(
          { id: setup.id, price: Number(value) },
          {
            onSuccess: () => toast.success('Price tier saved'),
            onError: (err) => toast.error(messageOf(err)),
          },
        )
      }}
    >
      <label className="text-xs text-muted" htmlFor={`price-${setup.id}`}>
        From $
      </label>
      <input
        id={`price-${setup.id}`}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        aria-label={`Price tier of ${setup.name} (USD)`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="h-8 w-20 rounded-md border border-border bg-[#11141c] px-2 text-sm text-text focus:border-accent focus:outline-none"
      />
      {changed ? (
        <Button type="submit" size="sm" variant="secondary" loading={save.isPending}>
          Save
        </Button>
      ) : null}
    </form>
  )
}

function SetupRow({
  setup,
  settings,
  voiceLabel,
  onEdit,
}: {
  setup: AvatarSetup
  settings: DonationSettings
  voiceLabel: string
  onEdit: () => void
}) {
  const name = avatarName(setup, useQuery(influencersQuery).data?.influencers)
  const toast = useToast()
  const test = useTestSetupAlert()
  const remove = useDeleteSetup()
  const preview = useVoicePreview()
  const [confirm, setConfirm] = useState(false)
  const [previewAlert, setPreviewAlert] = useState<OverlayAlert | null>(null)
  const [previewOpen, setPreviewOpen] = useState(false)
  const look =
    setup.donation_avatar.look ??
    findInfluencer(setup.donation_avatar.influencer_id ?? '')?.look ??
    INFLUENCERS[0]!.look

  const openPreview = () => {
    setPreviewOpen(true)
    setPreviewAlert(null)
    const text = `${SAMPLE.who} tipped ${SAMPLE.amount} dollars: ${SAMPLE.message}`
    preview.mutate(
      { text, voice_id: setup.voice ?? settings.tts.voice, emotion: settings.tts.emotion },
      {
        onSuccess: (spoken) =>
          setPreviewAlert({
            id: 0,
            kind: 'tip',
            source: 'test',
            who: SAMPLE.who,
            amount_label: formatMoney(SAMPLE.amount),
            message: SAMPLE.message,
            spoken_text: text,
            is_test: true,
            audio: { url: spoken.audio, duration: spoken.duration, sample_rate: spoken.sample_rate },
            visemes: spoken.cues.map((c) => ({ ...c, weight: c.weight ?? 1 })),
            words: spoken.words,
            volume: settings.tts.volume,
            emotion: settings.tts.emotion,
            avatar_setup: setup,
            received_at: new Date().toISOString(),
            emitted_at: Date.now(),
          }),
      },
    )
  }

  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface-2/40 p-4 sm:flex-row sm:items-center"
      aria-label={`Avatar setup ${setup.name}`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <AvatarThumb look={look} size={64} label={name} />
        <div className="min-w-0">
          <h4 className="truncate text-sm font-semibold text-text">{setup.name}</h4>
          <p className="mt-0.5 text-xs text-muted">
            {name} · {voiceLabel}
          </p>
          <div className="mt-2">
            <PriceEditor setup={setup} />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={test.isPending}
          onClick={() =>
            test.mutate(setup.id, {
              onSuccess: () => toast.success('Test alert sent to your overlay'),
              onError: (e) => toast.error(messageOf(e)),
            })
          }
        >
          Test alert
        </Button>
        <Button size="sm" variant="tertiary" onClick={openPreview}>
          Preview
        </Button>
        <Button size="sm" variant="tertiary" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="quaternary" onClick={() => setConfirm(true)} loading={remove.isPending}>
          Delete
        </Button>
      </div>
      <ConfirmationModal
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete avatar setup?"
        message={`“${setup.name}” will no longer speak your alerts. This cannot be undone.`}
        confirmText="Delete"
        cancelText="Keep"
        destructive
        onConfirm={() =>
          remove.mutate(setup.id, {
            onSuccess: () => toast.success('Avatar setup deleted'),
            onError: (e) => toast.error(messageOf(e)),
          })
        }
      />
      <AlertPreviewModal
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        alert={previewAlert}
        loading={preview.isPending}
        error={
          preview.error
            ? `The preview could not be made: ${messageOf(preview.error) ?? 'try again'}`
            : undefined
        }
        title={`Preview: ${setup.name}`}
      />
    </li>
  )
}

/** Which avatar (and voice) speaks an alert, by price tier. */
export function AvatarSetupsPanel({ settings }: { settings: DonationSettings }) {
  const setups = useQuery(setupsQuery)
  const voices = useQuery(voicesQuery)
  const [editing, setEditing] = useState<AvatarSetup | 'new' | null>(null)
  const labelOf = (id: string | null) => {
    const voice = id ?? settings.tts.voice
    const name = voices.data?.find((v) => v.id === voice)?.label ?? voice
    return id ? name : `Default voice (${name})`
  }
  return (
    <Card
      id="avatar-setups"
      title="Avatar setups"
      description="Each setup is an avatar and a voice for alerts from a price up. With none, your default voice and avatar speak every alert."
      actions={
        <Button size="sm" onClick={() => setEditing('new')}>
          New setup
        </Button>
      }
    >
      <PanelState query={setups} label="Loading avatar setups…">
        {(list) =>
          list.length ? (
            <ul className="flex flex-col gap-3">
              {list.map((s) => (
                <SetupRow
                  key={s.id}
                  setup={s}
                  settings={settings}
                  voiceLabel={labelOf(s.voice)}
                  onEdit={() => setEditing(s)}
                />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border py-8 text-center">
              <p className="text-sm text-muted">
                No avatar setups yet. Alerts use the default avatar ({INFLUENCERS[0]!.name}) and your default
                voice.
              </p>
              <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
                Create your first setup
              </Button>
            </div>
          )
        }
      </PanelState>
      {editing ? (
        <AvatarSetupModal
          key={editing === 'new' ? 'new' : editing.id}
          open
          onClose={() => setEditing(null)}
          setup={editing === 'new' ? null : editing}
          defaultVoice={settings.tts.voice}
        />
      ) : null}
    </Card>
  )
}
