import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { SurveyRole } from '@mouthpiece/contracts/early-registers/survey-questions'
import { loadChunk } from '../../../lib/chunk-reload'
import { EarlyAccessSection } from '../components/early-access-section'
import { FeaturesSection } from '../components/features-section'
import { HeroSection } from '../components/hero-section'
import { QUICK_CREATE_ANCHOR, QuickCreateSection } from '../components/quick-create-section'
import { SampleOutputsSection } from '../components/sample-outputs-section'
import { SentenceCategoriesSection } from '../components/sentence-categories-section'
import { loadEarlyAccessSurvey } from '../../early-registers'

// The survey is a dialog few visitors open: its code loads when one does.
const EarlyAccessSurvey = lazy(() =>
  loadChunk(() => loadEarlyAccessSurvey()).then((m) => ({
    default: m.EarlyAccessSurvey,
  })),
)

/** /landing (and the signed-out home): what Mouthpiece does, Quick Create, ready-made lines and early access. */
export function LandingPage() {
  const [survey, setSurvey] = useState<{ open: boolean; role?: SurveyRole }>({ open: false })
  const { hash } = useLocation()
  const openSurvey = (role?: SurveyRole) => setSurvey({ open: true, role })

  // The profile menu links to the quick-create anchor; the router does not scroll to hashes itself.
  useEffect(() => {
    if (hash === `#${QUICK_CREATE_ANCHOR}`) document.getElementById(QUICK_CREATE_ANCHOR)?.scrollIntoView()
  }, [hash])

  return (
    <div className="overflow-x-clip">
      <HeroSection onEarlyAccess={() => openSurvey()} />
      <FeaturesSection />
      <QuickCreateSection />
      <SampleOutputsSection />
      <SentenceCategoriesSection />
      <EarlyAccessSection onEarlyAccess={openSurvey} />
      {survey.open ? (
        <Suspense>
          <EarlyAccessSurvey open initialRole={survey.role} onClose={() => setSurvey({ open: false })} />
        </Suspense>
      ) : null}
    </div>
  )
}
