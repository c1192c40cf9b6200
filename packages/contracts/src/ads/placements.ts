import { z } from 'zod'

/**
 * The ten placements an ad is made in (issue 11): the social sizes and the IAB display sizes.
 * Keys are stable ids stored in `ad_projects.placements` and used by the image and video flows.
 */
export const PLACEMENTS = {
  square: { label: 'Square 1:1', width: 1080, height: 1080, aspect: '1:1', video: true },
  portrait: { label: 'Portrait 4:5', width: 1080, height: 1350, aspect: '4:5', video: true },
  story: { label: 'Story 9:16', width: 1080, height: 1920, aspect: '9:16', video: true },
  landscape: { label: 'Landscape 1.91:1', width: 1200, height: 628, aspect: '1.91:1', video: false },
  widescreen: { label: 'Widescreen 16:9', width: 1920, height: 1080, aspect: '16:9', video: true },
  medium_rectangle: {
    label: 'Medium rectangle 300×250',
    width: 300,
    height: 250,
    aspect: '6:5',
    video: false,
  },
  leaderboard: { label: 'Leaderboard 728×90', width: 728, height: 90, aspect: '728:90', video: false },
  wide_skyscraper: {
    label: 'Wide skyscraper 160×600',
    width: 160,
    height: 600,
    aspect: '4:15',
    video: false,
  },
  mobile_banner: { label: 'Mobile banner 320×50', width: 320, height: 50, aspect: '32:5', video: false },
  billboard: { label: 'Billboard 970×250', width: 970, height: 250, aspect: '97:25', video: false },
} as const
export type PlacementId = keyof typeof PLACEMENTS
export const PLACEMENT_IDS = Object.keys(PLACEMENTS) as [PlacementId, ...PlacementId[]]
export const Placement = z.enum(PLACEMENT_IDS, {
  error: `Placement must be one of ${PLACEMENT_IDS.join(', ')}`,
})
/** Placements a video can be rendered in (the others are banner sizes). */
export const VIDEO_PLACEMENT_IDS = PLACEMENT_IDS.filter((p) => PLACEMENTS[p].video)
