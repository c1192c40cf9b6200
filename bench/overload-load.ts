/**
 * The overload bench's load generator, in its own process so that answering 200 callers at once
 * does not delay the probes' own clocks (bench/overload.bench.ts starts it). Sends waves of WAVE
 * concurrent speech previews to BASE until DURATION_MS has passed, each wave from its own set of
 * addresses (X-Forwarded-For; the server trusts its proxy), then prints one JSON line:
 * `[{ status, ms }, …]` for every preview.
 */
import { Pool } from 'undici'

const base = process.env.BASE!
const wave = Number(process.env.WAVE ?? 200)
const until = performance.now() + Number(process.env.DURATION_MS ?? 20_000)
const text = 'Thanks so much for the follow! Welcome in, grab a seat and say hello to everyone in chat.'

const pool = new Pool(base, { connections: wave + 8 })
const outcomes: Array<{ status: number; ms: number }> = []
for (let n = 0; performance.now() < until; n++) {
  await Promise.all(
    Array.from({ length: wave }, async (_, i) => {
      const sent = performance.now()
      const res = await pool.request({
        method: 'POST',
        path: '/api/voices/preview',
        body: JSON.stringify({ text }),
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${n % 250}.${i >> 8}.${(i & 255) + 1}`,
        },
      })
      await res.body.dump()
      outcomes.push({ status: res.statusCode, ms: performance.now() - sent })
    }),
  )
}
await pool.close()
process.stdout.write(`${JSON.stringify(outcomes)}\n`)
