import { describe, expect, it } from 'vitest'
import { errorMessage, firstFieldErrors, normalise, shouldRedirectOn401 } from './api-result'

describe('SPEC §4 normalisation', () => {
  it('a success gives the response body plus status 1', () => {
    expect(normalise(200, 'OK', { user: { id: 1 } })).toEqual({ user: { id: 1 }, status: 1 })
  })

  it('a failure gives status 0, the message, the HTTP status and the per-field errors', () => {
    const result = normalise(422, 'Unprocessable Entity', {
      message: 'Username is taken',
      code: 'validation',
      errors: { username: ['Username is taken', 'second'] },
    })
    expect(result).toEqual({
      status: 0,
      message: 'Username is taken',
      httpStatus: 422,
      code: 'validation',
      errors: { username: ['Username is taken', 'second'] },
    })
  })

  it('a success without a JSON body still gets status 1', () => {
    expect(normalise(200, 'OK', undefined)).toEqual({ status: 1 })
  })
})

describe('SPEC §8 error messages', () => {
  it('shows the server message', () => {
    expect(errorMessage({ message: 'Wrong username or password' }, 'Unauthorized')).toBe(
      'Wrong username or password',
    )
  })

  it("shows only the part before '#'", () => {
    expect(errorMessage({ message: 'Upload failed#ffprobe exited 1' }, 'Bad Request')).toBe('Upload failed')
  })

  it('falls back to the HTTP status text when there is no message', () => {
    expect(errorMessage(undefined, 'Bad Gateway')).toBe('Bad Gateway')
    expect(errorMessage({ message: '#only detail' }, 'Bad Request')).toBe('Bad Request')
  })

  it("falls back to 'Something went wrong. Try again!' when there is neither", () => {
    expect(errorMessage('<html>', '')).toBe('Something went wrong. Try again!')
    expect(errorMessage(undefined, undefined)).toBe('Something went wrong. Try again!')
  })

  it('keeps only the first message of each field', () => {
    expect(
      firstFieldErrors({ email: ['Please enter valid email id', 'too long'], password: ['Too short#min 8'] }),
    ).toEqual({
      email: 'Please enter valid email id',
      password: 'Too short',
    })
  })

  it('a 401 goes to /login except in the admin area or on /login itself', () => {
    expect(shouldRedirectOn401('/dashboard')).toBe(true)
    expect(shouldRedirectOn401('/login')).toBe(false)
    expect(shouldRedirectOn401('/admin/users')).toBe(false)
  })
})
