/** Output sizes and ffmpeg filtergraph quoting. */

export function outputSize(resolution: '720p' | '1080p', orientation: 'landscape' | 'portrait'): { width: number; height: number } {
  const [long, short] = resolution === '1080p' ? [1920, 1080] : [1280, 720]
  return orientation === 'portrait' ? { width: short, height: long } : { width: long, height: short }
}

/**
 * Escapes a file path for a filter option inside -filter_complex: first the option level
 * (\ ' :), then the graph level (\ ' [ ] , ;), as the ffmpeg-filters manual describes.
 */
export function filterPath(p: string): string {
  const option = p.replace(/[\\':]/g, (c) => `\\${c}`)
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`)
}
