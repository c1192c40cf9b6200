import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lookFromPrompt } from '@mouthpiece/avatar/look-prompt'
import { generateCustomAvatar, listCustomAvatars } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import { listDefaultPrompts } from '@mouthpiece/contracts/avatars/creators.contract'
import type { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { AvatarEditorPage } from './pages/avatar-editor-page'

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`
const EMPTY: LookPrompt = {
  wearing: '',
  style: '',
  inspired: '',
  color: '',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}
const knight: LookPrompt = { ...EMPTY, wearing: 'silver armour', style: 'medieval', color: 'red cape' }
const avatar = (id: number, name: string, prompt: LookPrompt): CustomAvatar => ({
  id,
  name,
  prompt,
  look: lookFromPrompt(prompt),
  variation: 0,
  preview_url: `/api/custom-avatar/${id}/preview.png`,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
})

describe('avatar editor (/avatar-editor)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('starts from a default prompt, saves the avatar with that prompt and lists it under My avatars', async () => {
    let mine: CustomAvatar[] = []
    const server = fakeFetch({
      [key(listCustomAvatars)]: () => ({ body: { avatars: mine } }),
      [key(listDefaultPrompts)]: () => ({ body: { prompts: [{ label: 'Knight', prompt: knight }] } }),
      [key(generateCustomAvatar)]: (c) => {
        const { name, prompt } = c.body as { name: string; prompt: LookPrompt }
        mine = [avatar(9, name, prompt)]
        return { body: { avatar: mine[0] } }
      },
    })
    renderAt(<AvatarEditorPage />, '/avatar-editor')
    expect(await screen.findByText(/You have no custom avatars yet/)).toBeInTheDocument()

    await userEvent.click(await screen.findByRole('button', { name: 'Knight' }))
    expect(screen.getByLabelText('Wearing')).toHaveValue('silver armour')
    expect(screen.getByLabelText('Colours')).toHaveValue('red cape')
    expect(screen.getByLabelText('Name')).toHaveValue('My avatar')
    await userEvent.click(screen.getByRole('button', { name: 'Save avatar' }))

    expect(await screen.findByText('Avatar created')).toBeInTheDocument()
    expect(server.calls.filter((c) => c.path === generateCustomAvatar.path).map((c) => c.body)).toEqual([
      { name: 'My avatar', prompt: knight },
    ])
    const card = (await screen.findByRole('img', { name: 'My avatar' })).closest('li')!
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument()
    // Saved: the form now edits that avatar.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument()
  })
})
