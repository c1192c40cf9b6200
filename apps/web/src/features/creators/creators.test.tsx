import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INFLUENCERS } from '@mouthpiece/avatar/presets'
import { adminAddCreator, adminListCreators } from '@mouthpiece/contracts/avatars/creators.contract'
import type { Creator } from '@mouthpiece/contracts/avatars/creators.contract'
import { PATHS } from '../../app/paths'
import { fakeFetch } from '../../test/fake-fetch'
import { renderAt } from '../../test/render'
import { AddCreatorPage } from './pages/add-creator-page'
import { CreatorsListPage } from './pages/creators-list-page'

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`
const creator = (patch: Partial<Creator>): Creator => ({
  id: 'ada-streams',
  name: 'Ada Streams',
  description: 'Cozy variety streamer',
  look: INFLUENCERS[0]!.look,
  voice_id: 'espeak:en-us+f3',
  voice_profile_id: null,
  is_active: true,
  status: 'ready',
  progress: 100,
  stage: 'done',
  error: null,
  access: { plans: [], user_ids: [] },
  created_at: '2026-03-01T10:00:00.000Z',
  ...patch,
})

describe('creator management', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('lists every creator with its state, each linking to its page', async () => {
    fakeFetch({
      [key(adminListCreators)]: () => ({
        body: {
          creators: [
            creator({}),
            creator({
              id: 'bo',
              name: 'Bo',
              description: '',
              is_active: false,
              access: { plans: ['pro'], user_ids: [] },
            }),
            creator({ id: 'cy', name: 'Cy', status: 'processing', progress: 40 }),
          ],
        },
      }),
    })
    renderAt(<CreatorsListPage />, PATHS.creatorList)
    const list = await screen.findByRole('list', { name: 'Creators' })
    const [ada, bo, cy] = within(list).getAllByRole('link')
    expect(ada).toHaveAttribute('href', `${PATHS.creatorList}/ada-streams`)
    expect(ada).toHaveTextContent('Ada Streams')
    expect(ada).toHaveTextContent('Cozy variety streamer')
    expect(ada).toHaveTextContent('shown')
    // No description: the id stands in; hidden and limited to a plan.
    expect(bo).toHaveTextContent('bo')
    expect(bo).toHaveTextContent('hidden')
    expect(bo).toHaveTextContent('restricted')
    expect(cy).toHaveTextContent('processing')
  })

  it('a failed list load says why and loads again on Try again', async () => {
    let fail = true
    fakeFetch({
      [key(adminListCreators)]: () =>
        fail
          ? { status: 500, body: { message: 'The creators could not be read', code: 'internal' } }
          : { body: { creators: [creator({})] } },
    })
    renderAt(<CreatorsListPage />, PATHS.creatorList)
    expect(
      await screen.findByText('The creators could not be read', {}, { timeout: 4000 }),
    ).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: /Ada Streams/ })).toBeInTheDocument()
  })

  it('adds a creator from a photo and goes on to its processing page', async () => {
    const server = fakeFetch({
      [key(adminAddCreator)]: () => ({
        body: { creator: creator({ id: 'new-one', name: 'New One', status: 'processing', progress: 0 }) },
      }),
    })
    renderAt(<AddCreatorPage />, PATHS.creatorAdd, [
      { path: PATHS.creatorAddProcess, element: <p>processing page</p> },
    ])
    await userEvent.type(screen.getByLabelText('Name'), 'New One')
    const photo = new File(['jpeg bytes'], 'face.jpg', { type: 'image/jpeg' })
    await userEvent.upload(screen.getByLabelText('Photos or a short video'), photo)
    expect(screen.getByText(/face\.jpg/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add and process' }))
    expect(await screen.findByText('processing page')).toBeInTheDocument()
    const sent = server.calls.find((c) => c.path === adminAddCreator.path)!.body as FormData
    expect(sent.get('name')).toBe('New One')
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['face.jpg'])
  })

  it('shows the server’s field message when the form is refused', async () => {
    fakeFetch({
      [key(adminAddCreator)]: () => ({
        status: 422,
        body: {
          message: 'Please check the form',
          code: 'validation',
          errors: { name: ['Please enter the creator’s name'] },
        },
      }),
    })
    renderAt(<AddCreatorPage />, PATHS.creatorAdd)
    await userEvent.click(screen.getByRole('button', { name: 'Add and process' }))
    expect(await screen.findByText('Please enter the creator’s name')).toBeInTheDocument()
    expect(screen.getByText('Please check the form')).toBeInTheDocument()
  })
})
