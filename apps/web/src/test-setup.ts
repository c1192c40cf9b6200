import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Pages load as lazy chunks: with every web file in one process on a busy 2-core CI machine, the
// first import of a chunk can take longer than Testing Library's 1 s default for `findBy`/`waitFor`
// (router.test.tsx failed now and then that way). A longer wait only costs time when a test fails.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => cleanup())
