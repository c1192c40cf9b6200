import { useMemo } from 'react'
import encodeQR from 'qr'

/** A QR code of `text` as an SVG picture (drawn in the page: it works without the server). */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const src = useMemo(
    () =>
      `data:image/svg+xml;utf8,${encodeURIComponent(encodeQR(text, 'svg', { ecc: 'medium', border: 2 }))}`,
    [text],
  )
  return (
    <img
      src={src}
      alt={label}
      width={size}
      height={size}
      className="rounded-lg bg-white p-2"
      data-testid="booth-qr"
      data-qr-text={text}
    />
  )
}
