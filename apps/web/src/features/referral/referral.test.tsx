import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { referrer } from '../../lib/referral'
import { renderApp } from '../../test/render'
import { ReferralPage } from './referral-page'

describe('referral link (/r/:username)', () => {
  afterEach(() => localStorage.clear())

  it('remembers who referred the visitor and opens sign-up', async () => {
    const { router } = renderApp(
      [
        { path: '/r/:username', element: <ReferralPage /> },
        { path: '/login', element: <p>login page</p> },
      ],
      '/r/streamer',
    )
    expect(await screen.findByText('login page')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?mode=register')
    expect(referrer()).toBe('streamer')
  })
})
