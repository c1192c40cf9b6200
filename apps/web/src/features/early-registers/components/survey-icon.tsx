import type { ReactNode } from 'react'
import type { SurveyIcon } from '@mouthpiece/contracts/early-registers/survey-questions'

/** Platform marks in their brand colours, simplified; the other answers get line icons. */
const BRAND: Record<'youtube' | 'tiktok' | 'twitch', { color: string; path: ReactNode }> = {
  youtube: {
    color: '#FF0033',
    path: (
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
        <path d="M10 9v6l5-3z" fill="#fff" />
      </>
    ),
  },
  tiktok: {
    color: '#EDEDED',
    path: (
      <path
        fill="currentColor"
        d="M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-2.6-2.6c.3 0 .5 0 .8.1V9.7a5.7 5.7 0 1 0 4.9 5.7V9.1a7.3 7.3 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.2-1.6z"
      />
    ),
  },
  twitch: {
    color: '#9146FF',
    path: (
      <>
        <path fill="currentColor" d="M5 3 3 7v13h5v2h3l2-2h4l4-4V3zm14 12-3 3h-4l-2 2v-2H6V5h13z" />
        <path fill="currentColor" d="M15 8h2v5h-2zM10 8h2v5h-2z" />
      </>
    ),
  },
}

const LINE: Record<Exclude<SurveyIcon, 'youtube' | 'tiktok' | 'twitch'>, ReactNode> = {
  alerts: (
    <>
      <path d="M4 10v4h3l5 4V6L7 10z" />
      <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
    </>
  ),
  avatar: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="9" cy="10" r="1.2" />
      <circle cx="15" cy="10" r="1.2" />
      <path d="M8.5 15c2 1.6 5 1.6 7 0" />
    </>
  ),
  captions: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M7 13h4M13 13h4M7 16h7" />
    </>
  ),
  ads: (
    <>
      <path d="M3 11v2a2 2 0 0 0 2 2h1l3 5h2l-1.5-5H12l7 4V5l-7 4H5a2 2 0 0 0-2 2z" />
    </>
  ),
  tips: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M14.5 9.5c-.5-1-1.5-1.5-2.5-1.5-1.5 0-2.5.8-2.5 2s1 1.7 2.5 2 2.5.8 2.5 2-1 2-2.5 2c-1 0-2-.5-2.5-1.5M12 6.5V8M12 16v1.5" />
    </>
  ),
  subs: (
    <>
      <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </>
  ),
  watch: (
    <>
      <rect x="2" y="4" width="20" height="13" rx="2.5" />
      <path d="m10 8 5 2.5-5 2.5zM8 21h8" />
    </>
  ),
}

export function SurveyIconView({ icon, size = 28 }: { icon: SurveyIcon; size?: number }) {
  if (icon === 'youtube' || icon === 'tiktok' || icon === 'twitch') {
    const brand = BRAND[icon]
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        style={{ color: brand.color }}
      >
        {brand.path}
      </svg>
    )
  }
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {LINE[icon]}
    </svg>
  )
}

export const PLATFORM_LABEL = { youtube: 'YouTube', tiktok: 'TikTok', twitch: 'Twitch' } as const
