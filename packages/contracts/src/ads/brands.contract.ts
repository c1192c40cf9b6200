import { z } from 'zod'
import { defineRoute } from '../define-route'
import {
  BrandAnswer,
  BrandIdText,
  BrandSummary,
  ColourBody,
  CreateBrandBody,
  FontBody,
  PartId,
  UpdateBrandBody,
  UpdateColourBody,
  UpdateFileBody,
  UpdateFontBody,
} from './brands.schemas'

/**
 * SPEC §7 "Ads: … brands with logos, fonts, colors, images and description (list, add, update,
 * remove)". Every part answers the whole brand again (contrast pairs change with the colours).
 */
const brandParams = z.object({ brandId: BrandIdText })
const partParams = z.object({ brandId: BrandIdText, partId: PartId })
const user = { auth: 'user', requiresEnabled: true } as const

export const listBrands = defineRoute({
  method: 'GET',
  path: '/api/ads/brands',
  ...user,
  summary: 'My brands',
  response: z.object({ brands: z.array(BrandSummary) }),
})
export const createBrand = defineRoute({
  method: 'POST',
  path: '/api/ads/brands',
  ...user,
  summary: 'Add a brand',
  body: CreateBrandBody,
  response: BrandAnswer,
})
export const getBrand = defineRoute({
  method: 'GET',
  path: '/api/ads/brands/:brandId',
  ...user,
  summary: 'One brand kit with its contrast pairs',
  params: brandParams,
  response: BrandAnswer,
})
export const updateBrand = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/update',
  ...user,
  summary: 'Name, description, site, voice, caption style; confirm scraped values',
  params: brandParams,
  body: UpdateBrandBody,
  response: BrandAnswer,
})
export const deleteBrand = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/delete',
  ...user,
  summary: 'Remove a brand and its files',
  params: brandParams,
  response: z.object({ deleted: z.literal(true) }),
})

export const addBrandColour = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/colours',
  ...user,
  summary: 'Add a colour',
  params: brandParams,
  body: ColourBody,
  response: BrandAnswer,
})
export const updateBrandColour = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/colours/:partId/update',
  ...user,
  summary: 'Fix or confirm a colour',
  params: partParams,
  body: UpdateColourBody,
  response: BrandAnswer,
})
export const removeBrandColour = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/colours/:partId/delete',
  ...user,
  summary: 'Remove a colour',
  params: partParams,
  response: BrandAnswer,
})

export const addBrandFont = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/fonts',
  ...user,
  summary: 'Add a font family and weight (100–900)',
  params: brandParams,
  body: FontBody,
  response: BrandAnswer,
})
export const updateBrandFont = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/fonts/:partId/update',
  ...user,
  summary: 'Fix or confirm a font',
  params: partParams,
  body: UpdateFontBody,
  response: BrandAnswer,
})
export const removeBrandFont = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/fonts/:partId/delete',
  ...user,
  summary: 'Remove a font',
  params: partParams,
  response: BrandAnswer,
})

export const uploadBrandLogo = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/logos',
  ...user,
  multipart: true,
  summary: 'Upload a logo (multipart field file)',
  params: brandParams,
  response: BrandAnswer,
})
export const updateBrandLogo = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/logos/:partId/update',
  ...user,
  summary: 'Make a logo the primary one, or confirm it',
  params: partParams,
  body: UpdateFileBody,
  response: BrandAnswer,
})
export const removeBrandLogo = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/logos/:partId/delete',
  ...user,
  summary: 'Remove a logo',
  params: partParams,
  response: BrandAnswer,
})

export const uploadBrandImage = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/images',
  ...user,
  multipart: true,
  summary: 'Upload a brand image (multipart field file)',
  params: brandParams,
  response: BrandAnswer,
})
export const updateBrandImage = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/images/:partId/update',
  ...user,
  summary: 'Confirm an image',
  params: partParams,
  body: UpdateFileBody,
  response: BrandAnswer,
})
export const removeBrandImage = defineRoute({
  method: 'POST',
  path: '/api/ads/brands/:brandId/images/:partId/delete',
  ...user,
  summary: 'Remove an image',
  params: partParams,
  response: BrandAnswer,
})

/** A logo, image or font file of one of my brands (the kit's `url`s). */
export const brandFile = defineRoute({
  method: 'GET',
  path: '/api/ads/brands/:brandId/files/:partId',
  ...user,
  summary: 'A brand file (logo, image, font)',
  params: partParams,
})
