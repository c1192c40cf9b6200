import { z } from 'zod'
import { defineId } from '../ids'
import { AdProjectId, AdProjectIdText } from './projects.schemas'
import { BrandId } from './brands.schemas'
import { defineRoute } from '../define-route'
import { listPage, listQuery, SearchText } from '../lists'
import { AdCanvas, AssetText, CanvasFont, Placement } from './canvas'

/**
 * The ad image flow (SPEC §4: uploadImage → extractingImage → selectCharacters → generatingImages →
 * selectGeneratedImages → showGeneratedResults → editGeneratedImages) and its admin calls.
 * An "ad asset" is an uploaded picture and the characters cut out of it; an "ad image generation"
 * is one design laid out in every placement, each placement an editable canvas.
 */

export const AD_IMAGE_STEPS = [
  'uploadImage',
  'extractingImage',
  'selectCharacters',
  'generatingImages',
  'selectGeneratedImages',
  'showGeneratedResults',
  'editGeneratedImages',
] as const
export type AdImageStep = (typeof AD_IMAGE_STEPS)[number]

export const AD_ASSET_NOT_FOUND = 'Image not found'
const adAssetId = defineId(AD_ASSET_NOT_FOUND)
export const AdAssetId = adAssetId.json
export const AdAssetIdText = adAssetId.text

export const AD_IMAGE_GENERATION_NOT_FOUND = 'Generated image not found'
const generationId = defineId(AD_IMAGE_GENERATION_NOT_FOUND)
export const AdImageGenerationId = generationId.json
export const AdImageGenerationIdText = generationId.text

export const MAX_AD_IMAGE_MB = 25
export const AD_IMAGE_TOO_LARGE_MESSAGE = `The image is too large. Please upload an image under ${MAX_AD_IMAGE_MB} MB.`
export const AD_IMAGE_NOT_IMAGE_MESSAGE = 'Please upload an image (JPEG, PNG or WebP).'
export const AD_IMAGE_MISSING_MESSAGE = 'Please choose an image to upload.'
export const NO_SUBJECT_MESSAGE =
  'We could not find a subject in this image. Draw a box around it and try again.'

export const EXTRACTION_STATUSES = ['uploaded', 'extracting', 'done', 'failed'] as const
export const ExtractionStatus = z.enum(EXTRACTION_STATUSES)
export const GENERATION_STATUSES = ['queued', 'generating', 'done', 'failed'] as const
export const GenerationStatus = z.enum(GENERATION_STATUSES)

const Px = z.number().finite().min(0).max(20_000)
export const ImageBox = z.object({
  x: Px,
  y: Px,
  w: Px.positive('The box is empty'),
  h: Px.positive('The box is empty'),
})
export type ImageBox = z.infer<typeof ImageBox>
/** Refinement strokes of a GrabCut cut-out: at most this many, each of at most this many points. */
export const MAX_STROKES = 50
export const MAX_STROKE_POINTS = 2000
export const ExtractStroke = z.object({
  keep: z.boolean(),
  radius: z.number().min(1).max(500),
  points: z
    .array(z.tuple([Px, Px]))
    .min(1)
    .max(MAX_STROKE_POINTS),
})
export type ExtractStroke = z.infer<typeof ExtractStroke>

/** A subject cut out of an asset (a transparent PNG), or the whole uploaded picture for a custom character. */
export const AdCharacter = z.object({
  id: z.string(),
  box: ImageBox,
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
})
export type AdCharacter = z.infer<typeof AdCharacter>

export const AdAsset = z.object({
  id: z.number().int(),
  project_id: z.number().int().nullable(),
  name: z.string(),
  /** upload: a photo to extract from; character: a custom character used whole. */
  kind: z.enum(['upload', 'character']),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  status: ExtractionStatus,
  progress: z.number().int().min(0).max(100),
  mode: z.enum(['person', 'object']).nullable(),
  error: z.string().nullable(),
  extract_ms: z.number().int().nullable(),
  characters: z.array(AdCharacter),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdAsset = z.infer<typeof AdAsset>

export const ExtractBody = z.object({
  mode: z.enum(['person', 'object'], { error: 'Choose person or object' }).default('object'),
  box: ImageBox.optional(),
  strokes: z.array(ExtractStroke).max(MAX_STROKES, `Use at most ${MAX_STROKES} strokes`).default([]),
})
export type ExtractBody = z.input<typeof ExtractBody>

export const CharacterRef = z.object({ asset_id: AdAssetId, character_id: z.string().min(1).max(40) })
export type CharacterRef = z.infer<typeof CharacterRef>

export const AD_TEMPLATE_IDS = ['spotlight', 'split', 'poster'] as const
export const AdTemplate = z.enum(AD_TEMPLATE_IDS, { error: 'Unknown template' })

/** The call to action when none was written (an ad image's button, an ad video's end card). */
export const DEFAULT_CTA = 'Shop now'

export const GenerateImagesBody = z.object({
  project_id: AdProjectId.nullable().default(null),
  brand_id: BrandId.nullable().default(null),
  headline: AssetText.max(120, 'The headline must be at most 120 characters'),
  body: z.string().trim().max(200, 'The text must be at most 200 characters').default(''),
  cta: z.string().trim().max(30, 'The button text must be at most 30 characters').default(DEFAULT_CTA),
  characters: z.array(CharacterRef).max(3, 'Pick up to 3 characters').default([]),
  /** How many designs (templates × brand colours) to make at once. */
  count: z.number().int().min(1).max(6).default(3),
})
export type GenerateImagesBody = z.input<typeof GenerateImagesBody>

export const PlacementFile = z.object({
  placement: Placement,
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
})

export const AdImageGeneration = z.object({
  id: z.number().int(),
  project_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  name: z.string(),
  template: AdTemplate,
  variant: z.number().int(),
  status: GenerationStatus,
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  selected: z.boolean(),
  headline: z.string(),
  body: z.string(),
  cta: z.string(),
  /** offline: the template engine alone; hosted: a hosted image model painted the background. */
  engine: z.enum(['offline', 'hosted']),
  placements: z.array(PlacementFile),
  /** Bumped by every canvas edit (cache key of the placement images). */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdImageGeneration = z.infer<typeof AdImageGeneration>

export const GenerationName = z
  .string({ error: 'Please enter a name' })
  .trim()
  .min(1, 'Please enter a name')
  .max(80, 'The name must be at most 80 characters')

const assetParams = z.object({ id: AdAssetIdText })
const genParams = z.object({ id: AdImageGenerationIdText })
const canvasParams = z.object({ id: AdImageGenerationIdText, placement: Placement })
const canvasAssetParams = canvasParams.extend({ assetId: z.string().min(1).max(40) })
const projectQuery = z.object({ project_id: AdProjectIdText.optional() })

export const uploadAdImage = defineRoute({
  method: 'POST',
  path: '/api/ads/images/upload',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload a product or character image (uploadImage)',
  response: z.object({ asset: AdAsset }),
})
export const uploadCharacterAsset = defineRoute({
  method: 'POST',
  path: '/api/ads/character-assets',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload a custom character (used whole, transparent PNGs keep their cut-out)',
  response: z.object({ asset: AdAsset }),
})
export const replaceAdImage = defineRoute({
  method: 'POST',
  path: '/api/ads/assets/:id/replace',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Replace the picture of an asset (its characters are made again)',
  params: assetParams,
  response: z.object({ asset: AdAsset }),
})
export const extractAdImage = defineRoute({
  method: 'POST',
  path: '/api/ads/assets/:id/extract',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Cut the subjects out of an uploaded image (extractingImage)',
  params: assetParams,
  body: ExtractBody,
  response: z.object({ asset: AdAsset }),
})
export const listAdAssets = defineRoute({
  method: 'GET',
  path: '/api/ads/assets',
  auth: 'user',
  summary: 'My uploaded images and characters',
  query: projectQuery,
  response: z.object({ assets: z.array(AdAsset) }),
})
export const getAdAsset = defineRoute({
  method: 'GET',
  path: '/api/ads/assets/:id',
  auth: 'user',
  summary: 'An uploaded image, its extraction progress and characters',
  params: assetParams,
  response: z.object({ asset: AdAsset }),
})
export const deleteAdAsset = defineRoute({
  method: 'DELETE',
  path: '/api/ads/assets/:id',
  auth: 'user',
  summary: 'Delete an uploaded image and its characters',
  params: assetParams,
  response: z.object({ deleted: z.literal(true) }),
})
export const adAssetFile = defineRoute({
  method: 'GET',
  path: '/api/ads/assets/:id/file',
  auth: 'user',
  summary: 'The uploaded picture',
  params: assetParams,
})
export const adCharacterFile = defineRoute({
  method: 'GET',
  path: '/api/ads/assets/:id/characters/:characterId',
  auth: 'user',
  summary: 'A cut-out character (PNG)',
  params: assetParams.extend({ characterId: z.string().min(1).max(40) }),
})

export const generateAdImages = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Generate ad images in every placement (generatingImages)',
  body: GenerateImagesBody,
  response: z.object({ generations: z.array(AdImageGeneration) }),
})
export const listAdImageGenerations = defineRoute({
  method: 'GET',
  path: '/api/ads/image-generations',
  auth: 'user',
  summary: 'My generated ad images',
  query: projectQuery,
  response: z.object({ generations: z.array(AdImageGeneration) }),
})
export const getAdImageGeneration = defineRoute({
  method: 'GET',
  path: '/api/ads/image-generations/:id',
  auth: 'user',
  summary: 'One generated ad image',
  params: genParams,
  response: z.object({ generation: AdImageGeneration }),
})
export const moreAdImages = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/more',
  auth: 'user',
  requiresEnabled: true,
  summary: 'More designs like this one',
  params: genParams,
  body: z.object({ count: z.number().int().min(1).max(6).default(3) }),
  response: z.object({ generations: z.array(AdImageGeneration) }),
})
export const selectAdImage = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/select',
  auth: 'user',
  summary: 'Pick (or unpick) a generated image (selectGeneratedImages)',
  params: genParams,
  body: z.object({ selected: z.boolean() }),
  response: z.object({ generation: AdImageGeneration }),
})
export const renameAdImage = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/rename',
  auth: 'user',
  summary: 'Rename a generated image',
  params: genParams,
  body: z.object({ name: GenerationName }),
  response: z.object({ generation: AdImageGeneration }),
})
export const deleteAdImage = defineRoute({
  method: 'DELETE',
  path: '/api/ads/image-generations/:id',
  auth: 'user',
  summary: 'Delete a generated image',
  params: genParams,
  response: z.object({ deleted: z.literal(true) }),
})
export const ExportFormat = z.enum(['png', 'jpeg'], { error: 'Format must be png or jpeg' })
export const exportAdPlacement = defineRoute({
  method: 'GET',
  path: '/api/ads/image-generations/:id/export/:placement',
  auth: 'user',
  summary: 'One placement as PNG or JPEG',
  params: canvasParams,
  query: z.object({ format: ExportFormat.default('png'), v: z.string().max(20).optional() }),
})
export const exportAdZip = defineRoute({
  method: 'GET',
  path: '/api/ads/image-generations/:id/download',
  auth: 'user',
  summary: 'Every placement in one zip',
  params: genParams,
  query: z.object({ format: ExportFormat.default('png') }),
})

/** The canvas of one placement, with a URL for every picture it draws. */
export const CanvasView = z.object({
  canvas: AdCanvas,
  images: z.record(z.string(), z.string()),
  version: z.number().int(),
})
export type CanvasView = z.infer<typeof CanvasView>

export const getAdCanvas = defineRoute({
  method: 'GET',
  path: '/api/ads/image-generations/:id/canvas/:placement',
  auth: 'user',
  summary: 'The editable canvas of one placement',
  params: canvasParams,
  response: CanvasView,
})
export const adCanvasImageFile = defineRoute({
  method: 'GET',
  path: '/api/ads/image-generations/:id/images/:key',
  auth: 'user',
  summary: 'A picture a canvas draws (cut-out, logo, upload)',
  params: genParams.extend({ key: z.string().min(1).max(60) }),
})
export const AddCanvasAssetBody = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      text: AssetText,
      font: CanvasFont.optional(),
      color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .optional(),
    }),
    z.object({ kind: z.literal('character'), character: CharacterRef }),
    z.object({ kind: z.literal('logo') }),
    z.object({
      kind: z.literal('shape'),
      shape: z.enum(['rect', 'ellipse', 'pill']).default('rect'),
      fill: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/)
        .optional(),
    }),
  ],
  { error: 'Choose what to add: text, character, logo or shape' },
)
export const addCanvasAsset = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets',
  auth: 'user',
  summary: 'Add an asset to a canvas',
  params: canvasParams,
  body: AddCanvasAssetBody,
  response: CanvasView,
})
export const uploadCanvasAsset = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets/upload',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload a picture onto a canvas',
  params: canvasParams,
  response: CanvasView,
})
export const removeCanvasAsset = defineRoute({
  method: 'DELETE',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets/:assetId',
  auth: 'user',
  summary: 'Remove an asset from a canvas',
  params: canvasAssetParams,
  response: CanvasView,
})
export const transformCanvasAsset = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets/:assetId/transform',
  auth: 'user',
  summary: 'Move, scale or rotate an asset',
  params: canvasAssetParams,
  body: z.object({
    x: z.number().finite().min(-20_000).max(20_000),
    y: z.number().finite().min(-20_000).max(20_000),
    w: z.number().finite().min(1, 'Too small').max(20_000),
    h: z.number().finite().min(1, 'Too small').max(20_000),
    rotation: z.number().finite().min(-360).max(360).default(0),
  }),
  response: CanvasView,
})
export const canvasAssetVisibility = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets/:assetId/visibility',
  auth: 'user',
  summary: 'Show or hide an asset',
  params: canvasAssetParams,
  body: z.object({ visible: z.boolean() }),
  response: CanvasView,
})
export const canvasAssetPriority = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets/:assetId/priority',
  auth: 'user',
  summary: 'Bring an asset forward or send it back (z-order)',
  params: canvasAssetParams,
  body: z.object({
    move: z.enum(['forward', 'backward', 'front', 'back'], {
      error: 'Move forward, backward, front or back',
    }),
  }),
  response: CanvasView,
})
export const canvasAssetText = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/assets/:assetId/text',
  auth: 'user',
  summary: 'Edit a text asset (words, brand font, colour)',
  params: canvasAssetParams,
  body: z.object({
    text: AssetText.optional(),
    font: CanvasFont.optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Colours are written #RRGGBB')
      .optional(),
    align: z.enum(['left', 'center', 'right']).optional(),
  }),
  response: CanvasView,
})
export const regenerateTextGroup = defineRoute({
  method: 'POST',
  path: '/api/ads/image-generations/:id/canvas/:placement/text-group/regenerate',
  auth: 'user',
  summary: 'Lay the headline, text and button out again as a group',
  params: canvasParams,
  response: CanvasView,
})

// Admin (SPEC §7 "Ad assets: list, {id}, POST retry extraction {id}. Ad image generations: list, {id}, POST retry {id}").
export const AdminAdAsset = AdAsset.extend({ user_id: z.number().int(), username: z.string() })
export const AdminAdImageGeneration = AdImageGeneration.extend({
  user_id: z.number().int(),
  username: z.string(),
})
export type AdminAdAsset = z.infer<typeof AdminAdAsset>
export type AdminAdImageGeneration = z.infer<typeof AdminAdImageGeneration>
/** Server-side admin lists (contracts `listQuery`): searched by name or username, one status, sorted; CSV export of the same filter. */
export const AdminAdAssetsQuery = listQuery(['created_at', 'updated_at', 'name', 'id']).extend({
  q: SearchText,
  status: ExtractionStatus.optional(),
  kind: z.enum(['upload', 'character']).optional(),
})
export const AdminAdImageGenerationsQuery = listQuery(['created_at', 'updated_at', 'name', 'id']).extend({
  q: SearchText,
  status: GenerationStatus.optional(),
  engine: z.enum(['offline', 'hosted']).optional(),
})

export const adminListAdAssets = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-assets',
  auth: 'admin',
  summary: 'Uploaded ad images and their extraction (paged, sorted, searched by name or user)',
  query: AdminAdAssetsQuery,
  response: listPage(AdminAdAsset),
})
export const adminExportAdAssets = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-assets/export',
  auth: 'admin',
  summary: 'Every matching ad asset, as CSV (streamed)',
  query: AdminAdAssetsQuery.omit({ page: true, per_page: true }),
})
export const adminGetAdAsset = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-assets/:id',
  auth: 'admin',
  summary: 'One ad asset',
  params: assetParams,
  response: z.object({ asset: AdminAdAsset }),
})
export const adminRetryExtraction = defineRoute({
  method: 'POST',
  path: '/api/admin/ad-assets/:id/retry-extraction',
  auth: 'admin',
  summary: 'Run a failed extraction again',
  params: assetParams,
  response: z.object({ asset: AdminAdAsset }),
})
export const adminListAdImageGenerations = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-image-generations',
  auth: 'admin',
  summary: 'Generated ad images (paged, sorted, searched by name, headline or user)',
  query: AdminAdImageGenerationsQuery,
  response: listPage(AdminAdImageGeneration),
})
export const adminExportAdImageGenerations = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-image-generations/export',
  auth: 'admin',
  summary: 'Every matching generated ad image, as CSV (streamed)',
  query: AdminAdImageGenerationsQuery.omit({ page: true, per_page: true }),
})
export const adminGetAdImageGeneration = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-image-generations/:id',
  auth: 'admin',
  summary: 'One generated ad image',
  params: genParams,
  response: z.object({ generation: AdminAdImageGeneration }),
})
export const adminRetryAdImageGeneration = defineRoute({
  method: 'POST',
  path: '/api/admin/ad-image-generations/:id/retry',
  auth: 'admin',
  summary: 'Run a failed generation again',
  params: genParams,
  response: z.object({ generation: AdminAdImageGeneration }),
})

/** Admin detail pages show the pictures: small WebP previews (alpha kept) of what users' own links serve. */
export const adminAdAssetThumbnail = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-assets/:id/thumbnail',
  auth: 'admin',
  summary: 'A small preview of an uploaded ad image (WebP)',
  params: assetParams,
})
export const adminAdCharacterThumbnail = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-assets/:id/characters/:characterId/thumbnail',
  auth: 'admin',
  summary: 'A small preview of a cut-out character (WebP)',
  params: assetParams.extend({ characterId: z.string().min(1).max(40) }),
})
export const adminAdPlacementThumbnail = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-image-generations/:id/placements/:placement/thumbnail',
  auth: 'admin',
  summary: 'A small preview of one placement of a generated ad image (WebP)',
  params: canvasParams,
})
