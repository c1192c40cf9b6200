import { describe, expect, it } from 'vitest'
import { sameOriginPath } from './same-origin-path'

const ORIGIN = 'https://mouthpiece.example'

describe('return addresses', () => {
  it('keeps paths and full addresses of our own site', () => {
    expect(sameOriginPath('/donation-settings?tab=2#top', ORIGIN)).toBe('/donation-settings?tab=2#top')
    expect(sameOriginPath('https://mouthpiece.example/projects', ORIGIN)).toBe('/projects')
    expect(sameOriginPath('projects', ORIGIN)).toBe('/projects')
  })

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example'.replace('%09', '\t'),
    '\n//evil.example',
    'https://evil.example/donation-settings',
    'http://mouthpiece.example/x',
    'https://mouthpiece.example.evil.example/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/.//evil.example',
    '/./\\evil.example',
    'http:evil.example',
    '///evil.example',
  ])('refuses %j', (address) => {
    expect(sameOriginPath(address, ORIGIN)).toBeUndefined()
  })

  it('refuses nothing at all', () => {
    expect(sameOriginPath(undefined, ORIGIN)).toBeUndefined()
    expect(sameOriginPath('', ORIGIN)).toBeUndefined()
  })
})
