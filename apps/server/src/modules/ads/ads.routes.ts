import type { HttpContext } from '../../platform/context'
import { registerBrandRoutes } from './brands/brands.routes'
import { registerAdProjectRoutes } from './projects/ad-projects.routes'
import { registerScraperRoutes } from './scraper/scraper.routes'
import { registerAdsAdminRoutes } from './admin/ads-admin.routes'
import { registerAdVideoRoutes } from './videos/ad-videos.routes'
import { registerAdAvatarRoutes } from './avatars/ad-avatars.routes'
import { registerAdImagesRoutes } from './images/ad-images.routes'
import { registerImageSearchRoutes } from './search/image-search.routes'
import { registerAdVoiceRoutes } from './voices/ad-voices.routes'

/** The ads studio (SPEC §1 ads tooling, §7 "Ads" and the admin ad calls); map in README.md. */
export function registerAdsRoutes(ctx: HttpContext) {
  registerBrandRoutes(ctx)
  registerAdProjectRoutes(ctx)
  registerScraperRoutes(ctx)
  registerAdsAdminRoutes(ctx)
  registerAdVideoRoutes(ctx)
  registerAdAvatarRoutes(ctx)
  registerAdImagesRoutes(ctx)
  registerImageSearchRoutes(ctx)
  registerAdVoiceRoutes(ctx)
}
