// Bundles the server's own TypeScript (apps/server/src and the workspace packages it imports) into
// plain ES modules for `npm start`, so a start loads a few files instead of transpiling hundreds
// through tsx's loader. npm packages stay external (loaded from node_modules as they are).
// Usage: node scripts/build-server.mjs <outdir>
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

// esbuild as tsx (a direct dependency) has it: no extra package to install.
const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))
const { build } = requireFromTsx('esbuild')

const root = path.resolve(import.meta.dirname, '..')
const outdir = path.resolve(root, process.argv[2] ?? 'apps/server/dist')

/** Each source keeps its own location: `import.meta.url` still names the .ts file it was written in. */
const keepFileUrls = {
  name: 'keep-file-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8')
      if (!source.includes('import.meta')) return { contents: source, loader: 'ts' }
      const url = JSON.stringify(pathToFileURL(args.path).href)
      const dir = JSON.stringify(path.dirname(args.path))
      return {
        contents: source
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.dirname', dir)
          .replaceAll('import.meta.filename', JSON.stringify(args.path)),
        loader: 'ts',
      }
    })
  },
}
/** npm packages load from node_modules at run time; only our own workspace code is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mouthpiece/') ? undefined : { path: args.path, external: true },
    )
  },
}

/**
 * The worker threads' modules (`startModuleWorker(new URL('./x.ts', import.meta.url))`) are entry
 * points too, and the bundle tells `startModuleWorker` where each one's JavaScript is: a worker then
 * needs no TypeScript loader at run time (tsx is a dev dependency, absent from the image).
 */
function workerEntries() {
  const found = {}
  const scan = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') scan(p)
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        const source = fs.readFileSync(p, 'utf8')
        for (const m of source.matchAll(
          /startModuleWorker\(new URL\('(\.\/[\w-]+\.ts)', import\.meta\.url\)\)/g,
        )) {
          const file = path.resolve(path.dirname(p), m[1])
          found[path.basename(file, '.ts')] = file
        }
      }
    }
  }
  for (const dir of ['apps/server/src', 'packages']) scan(path.join(root, dir))
  return found
}
const workers = workerEntries()
const bundledWorkers = Object.fromEntries(
  Object.entries(workers).map(([name, file]) => [
    pathToFileURL(file).href,
    pathToFileURL(path.join(outdir, `${name}.js`)).href,
  ]),
)

fs.rmSync(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: root,
  entryPoints: { main: 'apps/server/src/main.ts', ...workers },
  // Read by startModuleWorker (packages/media/src/speech/ts-worker.ts).
  banner: { js: `globalThis.__mouthpieceBundledWorkers = ${JSON.stringify(bundledWorkers)};` },
  outdir,
  bundle: true,
  splitting: true, // lazy imports stay lazy (chunks)
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [keepFileUrls, externalPackages],
})
