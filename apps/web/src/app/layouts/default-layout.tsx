import { Outlet } from 'react-router'
import { Footer } from '../shell/footer'
import { Header } from '../shell/header'
import { MAIN_ID, SkipLink } from '../shell/skip-link'

/** Public pages: global header, the page, footer. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  )
}
