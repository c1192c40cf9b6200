import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text files worth compressing; images and fonts are compressed already, source maps load only in devtools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, once, at the highest
 * levels (build time is paid once; every visitor gets the smallest bytes). The server sends them
 * as they are (@fastify/static `preCompressed`), so no request ever spends CPU compressing assets.
 * A copy that is not smaller than the original is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'mouthpiece-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file)
          if (raw.length < MIN_BYTES) return
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ])
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br)
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz)
        }),
      )
    },
  }
}
