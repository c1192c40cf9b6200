import { Outlet } from 'react-router'
import { Footer } from '../shell/footer'
import { Header } from '../shell/header'
import { MAIN_ID, SkipLink } from '../shell/skip-link'

/** Signed-in app pages: global header and a wide, padded content column. */
export function ClientLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="focus:outline-none mx-auto w-full max-w-[1280px] flex-1 px-4 py-8 sm:px-6 lg:px-10 lg:py-10"
      >
        <Outlet />
      </main>
      <Footer />
    </div>
  )
}
