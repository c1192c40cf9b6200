import { describe, expect, it } from 'vitest'
import { adCopyFromKit, clipCopy, projectCopyText } from './site-copy'

describe('an ad copy from the brand kit', () => {
  it('takes the first headline and button and the description, each fitted to its field', () => {
    const long = `${'Roasted by hand in small batches. '.repeat(6)}Delivered fresh to your door every week of the year.`
    const copy = adCopyFromKit({
      description: long,
      site_headlines: [{ text: 'Fresh coffee' }, { text: 'Other' }],
      site_ctas: [{ text: 'Shop the roasts' }],
    })
    expect(copy.headline).toBe('Fresh coffee')
    expect(copy.cta).toBe('Shop the roasts')
    // Cut at a sentence end, never mid-word, within the image form's 200 characters.
    expect(copy.body.length).toBeLessThanOrEqual(200)
    expect(copy.body.endsWith('batches.')).toBe(true)
    expect(projectCopyText(copy)).toBe(`Fresh coffee\n\n${copy.body}\n\nShop the roasts`)
  })

  it('a kit without site words gives empty fields, and a long word-run is cut at a word with an ellipsis', () => {
    expect(adCopyFromKit({ description: '', site_headlines: [], site_ctas: [] })).toEqual({
      headline: '',
      body: '',
      cta: '',
    })
    expect(projectCopyText({ headline: '', body: 'Only this', cta: '' })).toBe('Only this')
    expect(clipCopy('Start your free fourteen day trial today', 20)).toBe('Start your free…')
  })
})
