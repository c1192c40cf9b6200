import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DEMO_MAX_CHARS } from '@mouthpiece/contracts/renders/renders.schemas'
import { renderAt } from '../../test/render'
import { DemoUploadPage } from './pages/demo-upload-page'

describe('demo, step 1 (/demo-upload)', () => {
  it('a typed line goes on to the background step; a line over the limit cannot', async () => {
    const { router } = renderAt(<DemoUploadPage />, '/demo-upload', [
      { path: '/demo-background', element: <p>background step</p> },
    ])
    expect(screen.getByRole('list', { name: 'Demo steps' })).toHaveTextContent('1Your audio')
    await userEvent.click(screen.getByRole('tab', { name: 'Type a line' }))
    const line = screen.getByLabelText('Your line')
    fireEvent.change(line, { target: { value: 'x'.repeat(DEMO_MAX_CHARS + 1) } })
    expect(
      screen.getByText(`Please enter between 1 and ${DEMO_MAX_CHARS} characters. Sign up for longer videos.`),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled()

    fireEvent.change(line, { target: { value: '  Hey chat & friends!  ' } })
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('background step')).toBeInTheDocument()
    expect(new URLSearchParams(router.state.location.search).get('text')).toBe('Hey chat & friends!')
  })
})
