import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch } from '../../../test/fake-fetch'
import { renderAt } from '../../../test/render'
import { EarlyAccessSurvey } from './early-access-survey'

const continueButton = () => screen.getByRole('button', { name: 'Continue' })

describe('early-access survey modal', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('walks a creator through the steps, holds a bad YouTube link, and sends {uuid, email, surveys, channels, role}', async () => {
    const server = fakeFetch({
      'POST /api/early-register': () => ({ body: { message: "You're on the list!", updated: false } }),
    })
    renderAt(<EarlyAccessSurvey open onClose={() => {}} />, '/landing')
    const dialog = screen.getByRole('dialog', { name: 'Get early access' })
    expect(within(dialog).getByText('Step 1 of 6')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('radio', { name: /I'm a creator/ }))
    await userEvent.click(continueButton())
    await userEvent.click(within(dialog).getByRole('radio', { name: 'More than 100K followers' }))
    await userEvent.click(continueButton())
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Spoken TTS stream alerts/ }))
    await userEvent.click(continueButton())
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /YouTube/ }))
    await userEvent.type(within(dialog).getByLabelText('YouTube channel link'), 'youtube.com/@someone')
    await userEvent.click(continueButton())
    expect(
      within(dialog).getByText(
        'Please enter a YouTube channel link like youtube.com/channel/… or youtube.com/user/…',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('Step 4 of 6')).toBeInTheDocument()
    await userEvent.clear(within(dialog).getByLabelText('YouTube channel link'))
    await userEvent.type(within(dialog).getByLabelText('YouTube channel link'), 'youtube.com/user/someone')
    await userEvent.click(continueButton())
    await userEvent.click(continueButton())
    await userEvent.type(within(dialog).getByLabelText('Email'), 'someone@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Join early access' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent("You're on the list!")

    const body = server.calls[0]?.body as Record<string, unknown>
    expect(body).toMatchObject({
      email: 'someone@example.com',
      role: 'creator',
      surveys: [
        { question_id: 'creator_audience', value: 'over_100k' },
        { question_id: 'creator_interests', value: ['tts_alerts'] },
      ],
      channels: [{ platform: 'youtube', url: 'youtube.com/user/someone' }],
    })
    expect(body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('starts on the role the page chose and shows the server message when it refuses', async () => {
    fakeFetch({
      'POST /api/early-register': () => ({
        status: 429,
        body: { message: 'Too many attempts. Please wait a minute and try again.', code: 'rate' },
      }),
    })
    renderAt(<EarlyAccessSurvey open onClose={() => {}} initialRole="fan" />, '/landing')
    const dialog = screen.getByRole('dialog', { name: 'Get early access' })
    expect(within(dialog).getByText('Step 2 of 6')).toBeInTheDocument()
    await userEvent.click(continueButton())
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose an answer to continue')
    await userEvent.click(within(dialog).getByRole('radio', { name: /Watching and sharing/ }))
    await userEvent.click(continueButton())
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Making avatar videos/ }))
    await userEvent.click(continueButton())
    await userEvent.click(continueButton())
    await userEvent.click(continueButton())
    await userEvent.type(within(dialog).getByLabelText('Email'), 'fan@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Join early access' }))
    expect(
      await within(dialog).findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeInTheDocument()
  })
})
