/**
 * @napi-rs/canvas surfaces for the photo avatar's JS warp (@mouthpiece/avatar/photo-raster): imported
 * for its effect by the renderers, so frames drawn in this process warp photos in one pass instead of
 * one pattern fill per triangle.
 */
import { createCanvas, ImageData } from '@napi-rs/canvas'
import { setPhotoRasterHost } from '@mouthpiece/avatar/photo-raster'
import type { RasterSurface } from '@mouthpiece/avatar/photo-raster'

export function napiRasterSurface(size: number): RasterSurface {
  const canvas = createCanvas(size, size)
  const ctx = canvas.getContext('2d')
  return {
    source: canvas,
    texture(image, x, y, side, texSize) {
      // Scaled once with the best filter; the warp then samples it at about one texel a pixel.
      ctx.imageSmoothingQuality = 'high'
      ctx.drawImage(image as never, x, y, side, side, 0, 0, texSize, texSize)
      const rgba = ctx.getImageData(0, 0, texSize, texSize).data
      ctx.clearRect(0, 0, size, size)
      return rgba
    },
    upload(rgba, x, y, w, h) {
      ctx.putImageData(new ImageData(rgba, size, size), 0, 0, x, y, w, h)
    },
  }
}

setPhotoRasterHost(napiRasterSurface)
