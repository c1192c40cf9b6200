import { z } from 'zod'
import { defineId } from '../ids'

/** The ads brands domain: a brand kit (SPEC §1 "brands (logos, fonts, colors, images, description)"). */

export const BRAND_NOT_FOUND = 'Brand not found'
const brandId = defineId(BRAND_NOT_FOUND)
export const BrandId = brandId.json
export const BrandIdText = brandId.text
export const PartId = z.string().uuid('Not found')

export const BRAND_NAME_MAX = 80
export const BrandName = z
  .string({ error: 'Please enter a brand name' })
  .trim()
  .min(1, 'Please enter a brand name')
  .max(BRAND_NAME_MAX, `The brand name must be at most ${BRAND_NAME_MAX} characters`)
export const BrandDescription = z.string().trim().max(2000, 'The description must be at most 2000 characters')

/** Where a value came from: typed by the user, uploaded, or read from a site (with the place on the page). */
export const ValueSource = z.object({
  /** 'user', 'upload', or what the scraper read: 'title', 'og:site_name', 'meta description', 'css --brand-primary', 'theme-color', 'logo palette', 'link rel=icon', '@font-face'… */
  kind: z.string().max(80),
  /** The URL or selector it came from, when scraped. */
  detail: z.string().max(500).nullable(),
  /** 0..1: how sure the scraper is; 1 for what the user typed or uploaded. */
  confidence: z.number().min(0).max(1),
  /** The user has looked at it and kept it (or typed it). */
  confirmed: z.boolean(),
})
export type ValueSource = z.infer<typeof ValueSource>

export const COLOUR_ROLES = ['primary', 'secondary', 'accent', 'background', 'text', 'other'] as const
export const ColourRole = z.enum(COLOUR_ROLES, { error: `Role must be one of ${COLOUR_ROLES.join(', ')}` })
export type ColourRole = z.infer<typeof ColourRole>
export const HexColour = z
  .string({ error: 'Please enter a colour as six hex digits, like FF6B57' })
  .trim()
  .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, 'Please enter a colour as six hex digits, like FF6B57')
  .transform((v) => {
    const h = v.replace('#', '').toUpperCase()
    return `#${
      h.length === 3
        ? h
            .split('')
            .map((c) => c + c)
            .join('')
        : h
    }`
  })

export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export const FontWeight = z
  .number({ error: 'The font weight must be 100, 200, … 900' })
  .int()
  .refine((w) => (FONT_WEIGHTS as readonly number[]).includes(w), 'The font weight must be 100, 200, … 900')
export const FontFamily = z
  .string({ error: 'Please enter a font family' })
  .trim()
  .min(1, 'Please enter a font family')
  .max(80, 'The font family must be at most 80 characters')
  .regex(/^[^"'<>;{}]+$/, 'The font family may not contain quotes or < > ; { }')
export const FontRole = z.enum(['heading', 'body'], { error: 'Role must be heading or body' })

/** What no anchor keeps with a brand: the TTS voice its ads speak in (voices module ids) and the speed. */
export const BrandVoice = z.object({
  voice_id: z.string().trim().min(1).max(120).nullable(),
  rate: z
    .number({ error: 'The rate must be between 0.5 and 2' })
    .min(0.5, 'The rate must be between 0.5 and 2')
    .max(2, 'The rate must be between 0.5 and 2'),
})
export type BrandVoice = z.infer<typeof BrandVoice>
export const DEFAULT_BRAND_VOICE: BrandVoice = { voice_id: null, rate: 1 }

/** How captions of the brand's ad videos look (the editor's caption fields, SPEC §4 captionData). */
export const CaptionStyle = z.object({
  font_family: z.string().trim().min(1).max(80),
  font_weight: FontWeight,
  font_size: z
    .number()
    .int()
    .min(12, 'The caption size must be 12 to 160')
    .max(160, 'The caption size must be 12 to 160'),
  color: HexColour,
  outline_color: HexColour,
  /** Where on the frame: top, middle or bottom third. */
  position: z.enum(['top', 'middle', 'bottom']),
  uppercase: z.boolean(),
})
export type CaptionStyle = z.infer<typeof CaptionStyle>
/** The caption style as answers carry it (stored values are already normalised; no transforms in responses). */
export const CaptionStyleOut = CaptionStyle.extend({ color: z.string(), outline_color: z.string() })
export const DEFAULT_CAPTION_STYLE: CaptionStyle = {
  font_family: 'Roboto',
  font_weight: 800,
  font_size: 64,
  color: '#FFFFFF',
  outline_color: '#000000',
  position: 'bottom',
  uppercase: false,
}

export const BrandColour = z.object({
  id: z.string(),
  hex: z.string(),
  role: ColourRole,
  name: z.string(),
  source: ValueSource,
})
export type BrandColour = z.infer<typeof BrandColour>
export const BrandFont = z.object({
  id: z.string(),
  family: z.string(),
  weight: z.number().int(),
  style: z.enum(['normal', 'italic']),
  role: FontRole.nullable(),
  /** The font file served to the browser (TTF/WOFF/OTF), null when only the family is known. */
  url: z.string().nullable(),
  format: z.string().nullable(),
  note: z.string().nullable(),
  source: ValueSource,
})
export type BrandFont = z.infer<typeof BrandFont>
export const BrandFile = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  source: ValueSource,
})
export const BrandLogo = BrandFile.extend({ primary: z.boolean() })
export type BrandLogo = z.infer<typeof BrandLogo>
export const BrandImage = BrandFile
export type BrandImage = z.infer<typeof BrandImage>

/** WCAG 2.x contrast of two kit colours; body text needs ≥ 4.5:1, large text (≥ 24 px, or 18.66 px bold) ≥ 3:1. */
export const ContrastPair = z.object({
  foreground: z.string(),
  background: z.string(),
  foreground_id: z.string(),
  background_id: z.string(),
  ratio: z.number(),
  body_text: z.boolean(),
  large_text: z.boolean(),
})
export type ContrastPair = z.infer<typeof ContrastPair>

/** A line the brand's site uses to sell (its hero headline, a call-to-action button), as read. */
export const SiteCopyLine = z.object({ text: z.string(), source: ValueSource })
export type SiteCopyLine = z.infer<typeof SiteCopyLine>

export const Brand = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  name_source: ValueSource,
  description_source: ValueSource,
  voice: BrandVoice,
  caption_style: CaptionStyleOut,
  colours: z.array(BrandColour),
  fonts: z.array(BrandFont),
  logos: z.array(BrandLogo),
  images: z.array(BrandImage),
  /** The site's headline candidates, best first: an ad's hook when its copy is empty. */
  site_headlines: z.array(SiteCopyLine),
  /** The site's call-to-action button texts, best first: an ad's button when its copy is empty. */
  site_ctas: z.array(SiteCopyLine),
  /** Every unordered pair of kit colours, best contrast first. */
  contrast: z.array(ContrastPair),
  /** The scrape that made it, if any. */
  scrape_task_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Brand = z.infer<typeof Brand>
export const BrandSummary = Brand.pick({
  id: true,
  name: true,
  website: true,
  created_at: true,
  updated_at: true,
}).extend({
  logo_url: z.string().nullable(),
  colours: z.array(z.string()),
})
export type BrandSummary = z.infer<typeof BrandSummary>

export const CreateBrandBody = z.object({
  name: BrandName,
  description: BrandDescription.default(''),
  website: z
    .string()
    .trim()
    .url('Please enter a full link like https://example.com')
    .max(500)
    .nullable()
    .default(null),
})
export const UpdateBrandBody = z.object({
  name: BrandName.optional(),
  description: BrandDescription.optional(),
  website: z
    .string()
    .trim()
    .url('Please enter a full link like https://example.com')
    .max(500)
    .nullable()
    .optional(),
  voice: BrandVoice.optional(),
  caption_style: CaptionStyle.optional(),
  /** Mark every scraped value as reviewed (the page's Save). */
  confirm_all: z.boolean().optional(),
})
export const ColourBody = z.object({
  hex: HexColour,
  role: ColourRole.default('other'),
  name: z.string().trim().max(40).default(''),
})
export const UpdateColourBody = ColourBody.partial().extend({ confirmed: z.boolean().optional() })
export const FontBody = z.object({
  family: FontFamily,
  weight: FontWeight.default(400),
  style: z.enum(['normal', 'italic']).default('normal'),
  role: FontRole.nullable().default(null),
})
export const UpdateFontBody = FontBody.partial().extend({ confirmed: z.boolean().optional() })
export const UpdateFileBody = z.object({ primary: z.boolean().optional(), confirmed: z.boolean().optional() })

export const BrandAnswer = z.object({ brand: Brand })
export const MAX_BRAND_UPLOAD_MB = 20
export const BRAND_NOT_IMAGE_MESSAGE = 'Please upload a picture (png, jpg, webp, gif or svg).'
