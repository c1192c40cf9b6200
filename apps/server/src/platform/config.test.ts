import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('HOST', () => {
  it('binds every interface by default (containers) and the named one when set', () => {
    expect(loadConfig({}).HOST).toBe('0.0.0.0')
    expect(loadConfig({ HOST: '127.0.0.1' }).HOST).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '::' }).HOST).toBe('::')
  })

  it('refuses an empty HOST naming the variable', () => {
    expect(() => loadConfig({ HOST: ' ' })).toThrow(ConfigError)
    expect(() => loadConfig({ HOST: ' ' })).toThrow(/HOST/)
  })
})
