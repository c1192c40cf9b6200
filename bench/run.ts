/**
 * `npm run bench [-- name-filter] [--json]`: runs every bench/*.bench.ts one after another, each in
 * its own process (benches start servers and workers; isolation keeps figures honest). A bench
 * either exports `run()` returning figures (printed here as a table) or does its work and prints
 * its own figures when imported. Add a bench by dropping a new *.bench.ts file in this folder.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BenchFigure, BenchRun } from './bench-kit'

const here = path.dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const json = args.includes('--json')

function printFigures(figures: BenchFigure[]): void {
  for (const f of figures) {
    const mark = f.ok === undefined ? ' ' : f.ok ? '✓' : '✗'
    const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(3)
    console.log(
      ` ${mark} ${f.name.padEnd(66)} ${value.padStart(9)} ${f.unit.padEnd(8)} ${f.target ? `target ${f.target}` : ''}${f.note ? `  (${f.note})` : ''}`,
    )
  }
}

/** Child mode: run one bench file in this process. */
async function runOne(file: string): Promise<number> {
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run?: BenchRun }
  if (typeof mod.run !== 'function') return 0 // a self-running bench: importing it did the work
  const figures = await mod.run((line) => !json && console.log(`   ${line}`))
  if (json) console.log(JSON.stringify({ file, figures }))
  else printFigures(figures)
  return 0
}

function runAll(): number {
  const filter = args.find((a) => !a.startsWith('--'))
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
    .sort()
  let failed = 0
  for (const file of files) {
    if (!json) console.log(`\n== ${file}`)
    const started = performance.now()
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--only', file, ...(json ? ['--json'] : [])],
      {
        stdio: 'inherit',
      },
    )
    if (child.status !== 0) {
      failed++
      console.error(`${file} exited with ${child.status ?? child.signal}`)
    }
    // On stderr: a bench's own last line (e.g. ads-quality's summary) stays the last line of stdout.
    if (!json) console.error(`   (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  }
  return failed ? 1 : 0
}

const only = args.indexOf('--only')
if (only >= 0) {
  runOne(args[only + 1] ?? '').then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
} else process.exit(runAll())
