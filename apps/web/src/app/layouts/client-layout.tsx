import { Outlet } from 'react-router'
import { Footer } from '../shell/footer'
import { Header } from '../shell/header'

/** Signed-in app pages: global header and a wide, padded content column. */
export function ClientLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="mx-auto w-full max-w-[1280px] flex-1 px-4 py-8 sm:px-6 lg:px-10 lg:py-10">
        <Outlet />
      </main>
      <Footer />
    </div>
  )
}
