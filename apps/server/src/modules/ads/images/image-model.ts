/**
 * The image model adapter. Offline (default): the template engine alone — nothing to fetch. Hosted
 * (ADS_IMAGE_API_URL set): an OpenAI-compatible images API paints a backdrop for the design from
 * the brand and the headline (`POST {url}/v1/images/generations`, `response_format: b64_json`), laid
 * faintly under the template. Its errors (`{ error: { message } }`) fail the generation clearly.
 */
import type { AdDesign, AdPicture } from '@mouthpiece/editor/ads/ad-layout'
import sharp from 'sharp'
import type { Config } from '../../../platform/config'
import type { AdImageGenerationRow, CanvasImage } from './ad-images.table'
import { upstreamFetch } from '../../../platform/http/upstream'
import type { AdsDeps } from '../ads.deps'

const TIMEOUT_MS = 60_000
const MAX_BYTES = 20 * 1024 * 1024

export class ImageModelError extends Error {}

export interface ImagesApiClient {
  /** One square image for the prompt, as PNG bytes. */
  generate(prompt: string, signal?: AbortSignal): Promise<Buffer>
}

/** The OpenAI images API shapes: request `{ model, prompt, n, size, response_format }`, answer `{ data: [{ b64_json }] }`. */
export function imagesApiClient(baseUrl: string, apiKey: string | undefined, model: string): ImagesApiClient {
  return {
    async generate(prompt, signal) {
      const url = new URL('v1/images/generations', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
      const res = await upstreamFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({ model, prompt, n: 1, size: '1024x1024', response_format: 'b64_json' }),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
          : AbortSignal.timeout(TIMEOUT_MS),
      }).catch((error: unknown) => {
        throw new ImageModelError(`The image model could not be reached (${(error as Error).message}).`)
      })
      const text = await res.text()
      if (text.length > MAX_BYTES * 1.4)
        throw new ImageModelError('The image model answered with too much data.')
      let json: { data?: Array<{ b64_json?: string }>; error?: { message?: string } }
      try {
        json = JSON.parse(text) as typeof json
      } catch {
        throw new ImageModelError(`The image model answered ${res.status} without JSON.`)
      }
      if (!res.ok || json.error)
        throw new ImageModelError(`The image model refused: ${json.error?.message ?? `HTTP ${res.status}`}`)
      const b64 = json.data?.[0]?.b64_json
      if (!b64) throw new ImageModelError('The image model answered without an image.')
      return Buffer.from(b64, 'base64')
    },
  }
}

export function backdropPrompt(design: AdDesign): string {
  const colours = design.kit.colors.slice(0, 3).join(', ') || 'calm neutral tones'
  return `Abstract, softly lit advertising backdrop for the brand "${design.kit.name}" (${design.copy.headline}). Colour palette ${colours}. No text, no logos, no people, generous empty space.`
}

export type BackdropEngine =
  | { kind: 'offline' }
  | {
      kind: 'hosted'
      backdrop(
        deps: AdsDeps,
        row: AdImageGenerationRow,
        design: AdDesign,
        signal?: AbortSignal,
      ): Promise<{ image: CanvasImage; picture: AdPicture }>
    }

export function backdropEngine(
  config: Pick<Config, 'ADS_IMAGE_API_URL' | 'ADS_IMAGE_API_KEY' | 'ADS_IMAGE_MODEL'>,
): BackdropEngine {
  if (!config.ADS_IMAGE_API_URL) return { kind: 'offline' }
  const client = imagesApiClient(config.ADS_IMAGE_API_URL, config.ADS_IMAGE_API_KEY, config.ADS_IMAGE_MODEL)
  return {
    kind: 'hosted',
    async backdrop(deps, row, design, signal) {
      const raw = await client.generate(backdropPrompt(design), signal)
      const { data, info } = await sharp(raw)
        .png()
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          throw new ImageModelError('The image model answered with something that is not an image.')
        })
      const key = `ads/${row.user_id}/generations/${row.id}/backdrop_${Date.now()}.png`
      await deps.storage.put(key, data, 'image/png')
      return {
        image: { file_key: key, width: info.width, height: info.height, source: 'image-model' },
        picture: { image: 'backdrop', width: info.width, height: info.height },
      }
    },
  }
}
