import { ButtonLink } from '../../components/ui/button'
import { HOME_ROUTE, PATHS } from '../paths'

/** SPEC §2 404 view; an unmatched route explains itself with 'This page could not be found'. */
export function NotFoundView({ homeTo = HOME_ROUTE }: { homeTo?: string }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-[88px] leading-none font-bold tracking-tight text-accent/90 sm:text-[120px]">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-text sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-muted">This page could not be found</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={homeTo} size="lg">
          HOME
        </ButtonLink>
        <ButtonLink to={PATHS.contact} variant="secondary" size="lg">
          Contact Us
        </ButtonLink>
      </div>
    </section>
  )
}

export function NotFoundPage() {
  return <NotFoundView />
}
