import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CAPTION_PALETTE } from '@mouthpiece/editor/palette'
import { scriptToScenes } from './components/create-project-flow'
import { Swatches } from './editor/inspector'

describe('create-project script tab', () => {
  it('splits a pasted script into scenes at blank lines, else one scene a line', () => {
    expect(scriptToScenes('Hi there,\nfriends!\n\n  Second   scene.\n\n\nThird.')).toEqual(['Hi there, friends!', 'Second scene.', 'Third.'])
    expect(scriptToScenes('One\nTwo\n')).toEqual(['One', 'Two'])
    expect(scriptToScenes('   ')).toEqual([])
  })
})

describe('caption colour swatches', () => {
  it('offers the 60-swatch palette and reports the picked colour', async () => {
    const onChange = vi.fn()
    render(<Swatches label="Text colour" value="#ffffff" onChange={onChange} />)
    const swatches = screen.getAllByRole('radio')
    expect(swatches).toHaveLength(CAPTION_PALETTE.length)
    expect(screen.getByRole('radio', { name: '#FFFFFF' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(screen.getByRole('radio', { name: '#05FBCA' }))
    expect(onChange).toHaveBeenCalledWith('#05FBCA')
  })
})
