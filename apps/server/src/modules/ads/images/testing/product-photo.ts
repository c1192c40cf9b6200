import sharp from 'sharp'

/**
 * A product photo as a shop would take it: a bottle on a light, softly shaded table top, 1080²
 * JPEG. Drawn from SVG so tests, the bench and the e2e share it without a binary fixture.
 */
export function productPhoto(size = 1080): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080" viewBox="0 0 1080 1080">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F4F1EC"/><stop offset="1" stop-color="#E2DDD5"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1F6B5A"/><stop offset="0.45" stop-color="#5CC9A8"/><stop offset="1" stop-color="#17503F"/></linearGradient>
  </defs>
  <rect width="1080" height="1080" fill="url(#bg)"/>
  <ellipse cx="540" cy="905" rx="210" ry="28" fill="#CFC8BD"/>
  <rect x="470" y="150" width="140" height="70" rx="10" fill="#1B1B1B"/>
  <rect x="490" y="215" width="100" height="150" fill="url(#glass)"/>
  <rect x="360" y="340" width="360" height="570" rx="70" fill="url(#glass)"/>
  <rect x="400" y="520" width="280" height="220" rx="8" fill="#F7F3EE"/>
  <text x="540" y="650" font-family="sans-serif" font-weight="700" font-size="64" text-anchor="middle" fill="#1F2A44">GLOW</text>
</svg>`
  return sharp(Buffer.from(svg)).resize(size, size).jpeg({ quality: 90 }).toBuffer()
}
