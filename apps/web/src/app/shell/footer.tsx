import { Link } from 'react-router'
import { LogoMark } from '../../components/ui/icons'
import { SITE } from '../../lib/site'
import { PATHS } from '../paths'

const linkClass = 'text-sm text-muted transition-colors hover:text-text'

/** SPEC §2 footer links: community chat, Privacy Policy, Contact Us, Terms And Conditions, Refund Policy. */
export function Footer() {
  return (
    <footer className="border-t border-border/70 bg-sunken">
      <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-10">
        <div className="flex items-center gap-3">
          <LogoMark size={28} />
          <div>
            <p className="text-sm font-semibold text-text">Mouthpiece</p>
            <p className="text-xs text-muted">AI voice, avatar videos and stream alerts</p>
          </div>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-3">
          <a href={SITE.communityChatUrl} target="_blank" rel="noreferrer" className={linkClass}>
            Community chat
          </a>
          <Link to={PATHS.privacy} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={PATHS.contact} className={linkClass}>
            Contact Us
          </Link>
          <Link to={PATHS.terms} className={linkClass}>
            Terms And Conditions
          </Link>
          <Link to={PATHS.refundPolicy} className={linkClass}>
            Refund Policy
          </Link>
        </nav>
      </div>
      <p className="mx-auto w-full max-w-[1440px] px-4 pb-6 text-xs text-faint sm:px-6 lg:px-10">
        © {new Date().getFullYear()} Mouthpiece
      </p>
    </footer>
  )
}
