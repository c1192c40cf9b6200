import { useMemo, useState } from 'react'
import type { FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type {
  AvatarSetup,
  DonationAvatar,
  DonationAvatarChoice,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { drawnLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { INFLUENCERS, findInfluencer } from '@mouthpiece/avatar/presets'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import { Button } from '../../../components/ui/button'
import { Field, FormError, TextInput } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import {
  customAvatarsQuery,
  useCreateSetup,
  useUpdateSetup,
  useUpdateSetupAvatar,
  useUpdateSetupPrice,
  voicesQuery,
} from '../api'
import { AvatarThumb } from './avatar-thumb'
import { SetupPreviewVideo } from './setup-preview-video'
import { messageOf } from './panel-state'
import { VoiceSelect } from '../../voices'
import { AvatarSelect, influencersQuery } from '../../avatars'
import type { AvatarChoice } from '../../avatars'

type StyleTab = 'pick' | 'custom'

interface Draft {
  name: string
  price: string
  voice: string
  tab: StyleTab
  /** A face from the one avatar picker: one of the user's own avatars or a creator. */
  pick: AvatarChoice
  prompt: { wearing: string; style: string; color: string }
}

function draftOf(setup: AvatarSetup | null): Draft {
  const avatar = setup?.donation_avatar
  const savedId =
    setup?.custom_style_id && /^\d+$/.test(setup.custom_style_id) ? Number(setup.custom_style_id) : null
  return {
    name: setup?.name ?? '',
    price: String(setup?.price ?? 0),
    voice: setup?.voice ?? '',
    tab: savedId || !avatar?.look || avatar.influencer_id ? 'pick' : 'custom',
    pick: savedId
      ? { custom_avatar_id: savedId }
      : { influencer_id: avatar?.influencer_id ?? INFLUENCERS[0]!.id },
    prompt: { wearing: '', style: '', color: '' },
  }
}

/** What the modal sends (an entity by id, or a drawn look) and what it shows meanwhile. */
interface Chosen {
  avatar: DonationAvatarChoice
  shown: AvatarLook
  style: string | null
}

/**
 * A setup's avatar: an influencer, a look drawn from a short prompt, or one of the user's saved
 * custom avatars. A photo avatar goes by its id: the server reads its picture, never the page.
 */
function chosenAvatar(
  d: Draft,
  saved: Array<{ id: number; look: AvatarLook }>,
  current: AvatarSetup | null,
  creators: ReadonlyArray<{ id: string; look: AvatarLook }>,
): Chosen {
  if (d.tab === 'pick' && d.pick.custom_avatar_id != null) {
    const found = saved.find((a) => a.id === d.pick.custom_avatar_id)
    if (found)
      return {
        avatar: { influencer_id: null, custom_avatar_id: found.id, look: null },
        shown: found.look,
        style: String(found.id),
      }
  }
  if (d.tab === 'custom') {
    const typed = d.prompt.wearing || d.prompt.style || d.prompt.color
    const kept = current?.donation_avatar
    if (!typed && kept?.look && !kept.influencer_id)
      return { avatar: choiceOf(kept), shown: kept.look, style: null }
    const look = lookFromPrompt(d.prompt)
    return {
      avatar: { influencer_id: null, custom_avatar_id: null, look: drawnLook(look) },
      shown: look,
      style: null,
    }
  }
  const influencerId = d.pick.influencer_id ?? INFLUENCERS[0]!.id
  const creator = creators.find((c) => c.id === influencerId)
  return {
    avatar: { influencer_id: influencerId, custom_avatar_id: null, look: null },
    shown: creator?.look ?? findInfluencer(influencerId)?.look ?? INFLUENCERS[0]!.look,
    style: null,
  }
}

/** A saved setup's avatar as the choice that made it (to tell whether the modal changed it). */
function choiceOf(avatar: DonationAvatar): DonationAvatarChoice {
  if (avatar.custom_avatar_id != null)
    return { influencer_id: null, custom_avatar_id: avatar.custom_avatar_id, look: null }
  if (avatar.influencer_id) return { influencer_id: avatar.influencer_id, custom_avatar_id: null, look: null }
  return { influencer_id: null, custom_avatar_id: null, look: avatar.look ? drawnLook(avatar.look) : null }
}

/** Create or edit an avatar setup: name, price tier, voice and the avatar that speaks. */
export function AvatarSetupModal({
  open,
  onClose,
  setup,
  defaultVoice,
}: {
  open: boolean
  onClose: () => void
  setup: AvatarSetup | null
  defaultVoice: string
}) {
  const toast = useToast()
  const [d, setD] = useState<Draft>(() => draftOf(setup))
  const [error, setError] = useState<string>()
  const voices = useQuery(voicesQuery)
  const saved = useQuery({ ...customAvatarsQuery, enabled: open })
  const create = useCreateSetup()
  const update = useUpdateSetup()
  const price = useUpdateSetupPrice()
  const avatar = useUpdateSetupAvatar()
  const busy = create.isPending || update.isPending || price.isPending || avatar.isPending
  const savedList = useMemo(() => saved.data ?? [], [saved.data])
  const influencers = useQuery(influencersQuery)
  const influencerList = useMemo(() => influencers.data?.influencers ?? INFLUENCERS, [influencers.data])
  const choice = useMemo(
    () => chosenAvatar(d, savedList, setup, influencerList),
    [d, savedList, setup, influencerList],
  )
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(undefined)
    const priceValue = Number(d.price)
    if (!d.name.trim()) return setError('Please enter a name')
    if (!Number.isFinite(priceValue) || priceValue < 0) return setError('Price must not be negative')
    const voice = d.voice || null
    try {
      if (!setup) {
        await create.mutateAsync({
          name: d.name.trim(),
          price: priceValue,
          voice,
          donation_avatar: choice.avatar,
          custom_style_id: choice.style,
        })
        toast.success('Avatar setup created')
      } else {
        await update.mutateAsync({ id: setup.id, body: { name: d.name.trim(), voice } })
        if (priceValue !== setup.price) await price.mutateAsync({ id: setup.id, price: priceValue })
        if (
          JSON.stringify(choice.avatar) !== JSON.stringify(choiceOf(setup.donation_avatar)) ||
          choice.style !== setup.custom_style_id
        )
          await avatar.mutateAsync({
            id: setup.id,
            donation_avatar: choice.avatar,
            custom_style_id: choice.style,
          })
        toast.success('Avatar setup saved')
      }
      onClose()
    } catch (err) {
      setError(messageOf(err) ?? 'Something went wrong. Try again!')
    }
  }

  const tabs: Array<[StyleTab, string]> = [
    ['pick', 'Avatars'],
    ['custom', 'Custom look'],
  ]
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      size="lg"
      title={setup ? `Edit “${setup.name}”` : 'New avatar setup'}
      footer={
        <>
          <Button variant="tertiary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="avatar-setup-form" loading={busy}>
            {setup ? 'Save setup' : 'Create setup'}
          </Button>
        </>
      }
    >
      <form id="avatar-setup-form" onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name">
            <TextInput
              value={d.name}
              onChange={(e) => set({ name: e.target.value })}
              placeholder="Big tips"
              maxLength={100}
              data-autofocus
            />
          </Field>
          <Field
            label="Speaks alerts worth at least (USD)"
            hint="The highest tier an alert reaches picks its avatar."
          >
            <TextInput
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={d.price}
              onChange={(e) => set({ price: e.target.value })}
            />
          </Field>
        </div>
        <Field label="Voice" hint="Leave on your default to use the voice from the Voice settings.">
          <VoiceSelect
            value={d.voice}
            emptyLabel={`Default voice (${voices.data?.find((v) => v.id === defaultVoice)?.label ?? defaultVoice})`}
            onChange={(voice) => set({ voice })}
          />
        </Field>

        <fieldset>
          <legend className="mb-2 text-sm font-medium text-[#c9cedb]">Avatar</legend>
          <div className="flex flex-col gap-4 sm:flex-row">
            <div className="flex shrink-0 justify-center sm:block">
              <AvatarThumb look={choice.shown} size={132} label="Chosen avatar" />
            </div>
            <div className="min-w-0 flex-1">
              <div
                role="tablist"
                aria-label="Avatar style"
                className="mb-3 flex gap-1 border-b border-border"
              >
                {tabs.map(([tab, label]) => (
                  <button
                    key={tab}
                    type="button"
                    role="tab"
                    aria-selected={d.tab === tab}
                    onClick={() => set({ tab })}
                    className={cn(
                      '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                      d.tab === tab
                        ? 'border-accent text-accent'
                        : 'border-transparent text-muted hover:text-text',
                    )}
                  >
                    {label}
                  </button>
                ))}
              </div>
              {d.tab === 'pick' ? (
                <AvatarSelect value={d.pick} onChange={(pick) => set({ pick })} />
              ) : d.tab === 'custom' ? (
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field label="Wearing">
                    <TextInput
                      value={d.prompt.wearing}
                      onChange={(e) => set({ prompt: { ...d.prompt, wearing: e.target.value } })}
                      placeholder="hoodie, headset"
                    />
                  </Field>
                  <Field label="Style">
                    <TextInput
                      value={d.prompt.style}
                      onChange={(e) => set({ prompt: { ...d.prompt, style: e.target.value } })}
                      placeholder="anime, curly hair"
                    />
                  </Field>
                  <Field label="Colour">
                    <TextInput
                      value={d.prompt.color}
                      onChange={(e) => set({ prompt: { ...d.prompt, color: e.target.value } })}
                      placeholder="teal"
                    />
                  </Field>
                  <p className="text-xs text-muted sm:col-span-3">
                    The same words always draw the same avatar.
                  </p>
                </div>
              ) : null}
            </div>
          </div>
        </fieldset>
        <SetupPreviewVideo
          setup={{
            setup_id: setup?.id,
            donation_avatar: choice.avatar,
            custom_style_id: choice.style,
            voice: d.voice || null,
          }}
        />
        <FormError message={error} />
      </form>
    </Modal>
  )
}
