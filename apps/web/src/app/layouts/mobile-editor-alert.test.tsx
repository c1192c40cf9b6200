import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MobileEditorAlert } from './mobile-editor-alert'
import { renderAt } from '../../test/render'

describe('video-editor mobile alert (SPEC §2)', () => {
  it('starts visible on mobile with scrolling disabled; Continue closes it and re-enables scrolling', async () => {
    renderAt(<MobileEditorAlert mobile />, '/video-editor')
    expect(await screen.findByRole('alertdialog', { name: 'Editor' })).toHaveTextContent(
      /best used on a desktop/,
    )
    expect(document.body.style.overflow).toBe('hidden')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('')
  })

  it('Return home closes it and goes to the landing page', async () => {
    const { router } = renderAt(<MobileEditorAlert mobile />, '/video-editor')
    await userEvent.click(await screen.findByRole('button', { name: 'Return home' }))
    expect(router.state.location.pathname).toBe('/landing')
    expect(document.body.style.overflow).toBe('')
  })

  it('is not shown on desktop widths', () => {
    renderAt(<MobileEditorAlert mobile={false} />, '/video-editor')
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
