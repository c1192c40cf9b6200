import type { ReactNode } from 'react'
import { CAPTION_FONTS, FONT_SIZES_PT, FONT_WEIGHTS } from '@mouthpiece/contracts/constants'
import type { CaptionFont } from '@mouthpiece/contracts/constants'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { CaptionStyle } from '@mouthpiece/editor/commands'
import { CAPTION_PALETTE } from '@mouthpiece/editor/palette'
import { Button } from '../../../components/ui/button'
import { Switch } from '../../../components/ui/field'
import { cn } from '../../../lib/cn'
import { AvatarSelect } from '../../avatars'
import { EmotionPicker } from '../../../components/emotion-picker'
import { Slider, VoiceSelect } from '../../voices'
import { BackgroundPicker } from '../components/background-picker'
import { BaseVideoPanel } from './base-video-panel'
import { OverlaysPanel } from './overlays-panel'
import { TakesPanel } from './takes-panel'
import type { ProjectEditor } from './use-project-editor'

const control =
  'h-9 w-full rounded-lg border border-border bg-[#11141c] px-2 text-sm text-text focus:border-accent focus:outline-none'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-b border-border px-4 py-4 last:border-b-0">
      <h3 className="mb-3 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <div className="flex flex-col gap-3">{children}</div>
    </section>
  )
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs text-muted">
      {label}
      {children}
    </label>
  )
}

export function Swatches({
  value,
  onChange,
  label,
}: {
  value: string
  onChange: (c: string) => void
  label: string
}) {
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-10 gap-1">
      {CAPTION_PALETTE.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={value.toUpperCase() === c}
          aria-label={c}
          title={c}
          onClick={() => onChange(c)}
          className={cn(
            'aspect-square rounded-sm border',
            value.toUpperCase() === c ? 'border-accent ring-2 ring-accent' : 'border-black/40',
          )}
          style={{ background: c }}
        />
      ))}
    </div>
  )
}

/** Settings of the scene on screen: voice, avatar and caption style (SPEC §3 audioData/avatarData/captionData). */
export function Inspector({ editor, scene }: { editor: ProjectEditor; scene: Scene }) {
  const sceneId = scene.id
  const audio = scene.audioData
  const avatar = scene.avatarData
  const caption = scene.captionData
  // A scene that follows the project style edits the project style (every such scene changes);
  // a scene with its own style edits only itself.
  const style = (s: CaptionStyle) =>
    caption.ownStyle
      ? editor.run('caption.setStyle', { sceneId, style: s })
      : editor.run('caption.setProjectStyle', { style: s })
  return (
    <aside
      aria-label="Inspector"
      className="flex min-h-0 flex-col overflow-y-auto rounded-xl border border-border bg-surface"
    >
      <Section title="Voice">
        <Labelled label="Voice">
          <VoiceSelect
            value={audio.voiceId ?? undefined}
            onChange={(voiceId) =>
              editor.run('audio.set', { sceneId, settings: { voiceId: voiceId || null } })
            }
          />
        </Labelled>
        <div className="text-xs text-muted">Emotion</div>
        <EmotionPicker
          value={audio.emotion}
          onChange={(emotion) => editor.run('audio.set', { sceneId, settings: { emotion } })}
        />
        <Slider
          label="Intensity"
          value={audio.intensity}
          min={0}
          max={1}
          step={0.05}
          onChange={(intensity) => editor.run('audio.set', { sceneId, settings: { intensity } })}
          format={(v) => `${Math.round(v * 100)}%`}
        />
        <TakesPanel editor={editor} scene={scene} />
      </Section>
      <Section title="Avatar">
        <AvatarSelect
          compact
          label="Scene avatar"
          value={{
            influencer_id: avatar.influencer ?? undefined,
            custom_avatar_id: avatar.customAvatarId ?? undefined,
          }}
          onChange={(c) =>
            editor.run('avatar.set', {
              sceneId,
              settings:
                c.custom_avatar_id != null
                  ? { customAvatarId: c.custom_avatar_id }
                  : { influencer: c.influencer_id, customAvatarId: null },
            })
          }
        />
        <Labelled label="Face">
          <EmotionPicker
            value={avatar.emotion}
            onChange={(emotion) => editor.run('avatar.set', { sceneId, settings: { emotion } })}
          />
        </Labelled>
        <Slider
          label="Energy"
          value={avatar.energy}
          min={0}
          max={3}
          step={0.1}
          onChange={(energy) => editor.run('avatar.set', { sceneId, settings: { energy } })}
        />
        <Switch
          checked={avatar.showAvatar}
          onChange={(showAvatar) => editor.run('avatar.set', { sceneId, settings: { showAvatar } })}
          label="Show avatar"
        />
      </Section>
      <Section title="Captions">
        <div
          data-testid="caption-style-scope"
          className="flex flex-col gap-2 rounded-lg border border-border bg-[#11141c] p-3 text-xs"
        >
          {caption.ownStyle ? (
            <>
              <p className="text-text">
                <span className="mr-1.5 rounded bg-warning/15 px-1.5 py-0.5 font-semibold text-warning">
                  Override
                </span>
                This scene has its own caption style. Changes here apply to this scene only.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="tertiary"
                  onClick={() => editor.run('caption.applyToAll', { sceneId })}
                >
                  Apply to all scenes
                </Button>
                <Button
                  size="sm"
                  variant="quaternary"
                  onClick={() => editor.run('caption.resetStyle', { sceneId })}
                >
                  Use project style
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-text">
                Project caption style: changes here apply to every scene that has no style of its own.
              </p>
              <div>
                <Button
                  size="sm"
                  variant="quaternary"
                  onClick={() => editor.run('caption.setStyle', { sceneId, style: {} })}
                >
                  Style this scene only
                </Button>
              </div>
            </>
          )}
        </div>
        <Switch checked={caption.display} onChange={(display) => style({ display })} label="Show captions" />
        <Switch
          checked={caption.wordHighlight}
          onChange={(wordHighlight) => style({ wordHighlight })}
          label="Highlight the spoken word"
        />
        <Labelled label="Font">
          <select
            aria-label="Caption font"
            className={control}
            value={caption.fontFamily}
            onChange={(e) => style({ fontFamily: e.target.value as CaptionFont })}
          >
            {CAPTION_FONTS.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </Labelled>
        <div className="grid grid-cols-2 gap-2">
          <Labelled label="Size (pt)">
            <select
              aria-label="Caption size"
              className={control}
              value={caption.fontSize}
              onChange={(e) => style({ fontSize: Number(e.target.value) })}
            >
              {FONT_SIZES_PT.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled label="Weight">
            <select
              aria-label="Caption weight"
              className={control}
              value={caption.fontWeight}
              onChange={(e) => style({ fontWeight: Number(e.target.value) })}
            >
              {FONT_WEIGHTS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </Labelled>
        </div>
        <div className="text-xs text-muted">Text colour</div>
        <Swatches
          label="Text colour"
          value={caption.color[1]}
          onChange={(c) => style({ color: [caption.color[0], c] })}
        />
        <div className="text-xs text-muted">Spoken word colour</div>
        <Swatches
          label="Spoken word colour"
          value={caption.color[0]}
          onChange={(c) => style({ color: [c, caption.color[1]] })}
        />
        <div className="text-xs text-muted">Outline</div>
        <Swatches
          label="Outline colour"
          value={caption.outlineColor}
          onChange={(outlineColor) => style({ outlineColor })}
        />
        <Slider
          label="Angle"
          value={caption.angle}
          min={-45}
          max={45}
          step={1}
          onChange={(angle) => editor.run('caption.setBox', { sceneId, box: { angle } })}
          format={(v) => `${v}°`}
        />
      </Section>
      <Section title="Overlays">
        <OverlaysPanel editor={editor} scene={scene} />
      </Section>
      <Section title="Background">
        <BackgroundPicker
          value={editor.doc.background}
          onChange={(background) => editor.run('background.set', { background })}
        />
      </Section>
      <Section title="Base video">
        <BaseVideoPanel editor={editor} />
      </Section>
    </aside>
  )
}
