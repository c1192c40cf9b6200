import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const ADS_ROUTES: AppRoute[] = [
  {
    path: PATHS.dashboardBranding,
    layout: 'client',
    guard: 'user',
    calls: () => import('@mouthpiece/contracts/ads/brands.contract').then((m) => [m.listBrands]),
    title: 'Branding',
    page: () => import('./pages/branding-page').then((m) => m.BrandingPage),
  },
  {
    path: PATHS.adminAdProjects,
    layout: 'admin',
    guard: 'admin',
    title: 'Ad projects',
    nav: { label: 'Ad projects', group: 'Ads' },
    page: () => import('./admin/ad-projects-admin-page').then((m) => m.AdProjectsAdminPage),
  },
  {
    path: PATHS.adminSiteScraper,
    layout: 'admin',
    guard: 'admin',
    title: 'Site scraper',
    nav: { label: 'Site scraper', group: 'Ads' },
    page: () => import('./admin/site-scraper-page').then((m) => m.SiteScraperPage),
  },
  {
    path: PATHS.adminAdGenerations,
    layout: 'admin',
    guard: 'admin',
    title: 'Ad generations',
    nav: { label: 'Ad generations', group: 'Ads' },
    page: () => import('./admin/ad-generations-page').then((m) => m.AdGenerationsPage),
  },
  {
    path: PATHS.adminAdAssets,
    layout: 'admin',
    guard: 'admin',
    title: 'Ad assets',
    nav: { label: 'Ad assets', group: 'Ads' },
    page: () => import('./admin/ad-assets-page').then((m) => m.AdAssetsAdminPage),
  },
  {
    path: PATHS.adminAdImageGenerations,
    layout: 'admin',
    guard: 'admin',
    title: 'Ad image generations',
    nav: { label: 'Ad image generations', group: 'Ads' },
    page: () => import('./admin/ad-image-generations-page').then((m) => m.AdImageGenerationsAdminPage),
  },
  {
    path: PATHS.adminSearchImages,
    layout: 'admin',
    guard: 'admin',
    title: 'Search images',
    nav: { label: 'Search images', group: 'Ads' },
    page: () => import('./admin/search-images-page').then((m) => m.SearchImagesPage),
  },
  {
    path: PATHS.adminAdAvatars,
    layout: 'admin',
    guard: 'admin',
    title: 'Ad avatars',
    nav: { label: 'Ad avatars', group: 'Ads' },
    page: () => import('./admin/ad-avatars-page').then((m) => m.AdAvatarsPage),
  },
]
