import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PATHS } from '../../app/paths'
import { SITE } from '../../lib/site'
import { renderAt } from '../../test/render'
import { PrivacyPage } from './pages/privacy-page'
import { RefundPolicyPage } from './pages/refund-policy-page'
import { TermsPage } from './pages/terms-page'

describe('legal pages', () => {
  it.each([
    ['Privacy Policy', <PrivacyPage key="p" />, PATHS.privacy],
    ['Terms And Conditions', <TermsPage key="t" />, PATHS.terms],
    ['Refund Policy', <RefundPolicyPage key="r" />, PATHS.refundPolicy],
  ])(
    '%s: numbered sections, each reachable from the table of contents, and who to ask',
    (title, page, path) => {
      renderAt(page, path)
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
      const sections = screen.getAllByRole('heading', { level: 2 })
      expect(sections.length).toBeGreaterThan(1)
      const toc = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link')
      expect(toc.map((a) => a.textContent)).toEqual(sections.map((h) => h.textContent))
      for (const [i, a] of toc.entries()) {
        expect(sections[i]!.textContent).toMatch(new RegExp(`^${i + 1}\\. `))
        expect(document.querySelector(a.getAttribute('href')!)).toContainElement(sections[i]!)
      }
      for (const a of screen.getAllByRole('link', { name: SITE.supportEmail }))
        expect(a).toHaveAttribute('href', `mailto:${SITE.supportEmail}`)
      for (const a of screen.getAllByRole('link', { name: 'contact form' }))
        expect(a).toHaveAttribute('href', PATHS.contact)
    },
  )
})
