import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminSentimentResult } from '@mouthpiece/contracts/sentiment/sentiment.contract'
import { fakeFetch } from '../../test/fake-fetch'
import { renderApp } from '../../test/render'
import { SentimentResultAdminPage } from './admin/sentiment-result-page'

const ID = '3f1c2a9e-1111-4222-8333-444455556666'

describe('sentiment result admin (/admin/sentiment/:id)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks the server for that analysis and shows its message when it is gone', async () => {
    const server = fakeFetch({
      [`GET ${adminSentimentResult.path}`]: () => ({
        status: 404,
        body: { message: 'This analysis no longer exists', code: 'not_found' },
      }),
    })
    renderApp(
      [{ path: '/admin/sentiment/:id', element: <SentimentResultAdminPage /> }],
      `/admin/sentiment/${ID}`,
    )
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'This analysis no longer exists',
    )
    expect(server.calls[0]!.query.get('id')).toBe(ID)
    expect(screen.queryByRole('button', { name: 'Save setting' })).not.toBeInTheDocument()
  })
})
