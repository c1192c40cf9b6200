import { useNavigate, useSearchParams } from 'react-router'
import { CheckIcon } from '../../../components/ui/icons'
import { takeRedirectUrl } from '../../../lib/session'
import { SIGNED_IN_HOME_ROUTE } from '../../../app/paths'
import { LoginForm } from '../components/login-form'
import { RegisterForm } from '../components/register-form'

const promises = [
  'Type a line, get a talking avatar video with captions',
  'Spoken, avatar-animated alerts for tips, bits and subs',
  'Runs on your own machine — no cloud keys needed',
]

/** /login and the brand-named login route: sign in, or create an account (?mode=register). */
export function LoginPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const registering = params.get('mode') === 'register'

  // SPEC §4: after signing in, go back to the protected page that sent the visitor here.
  const onSignedIn = () => void navigate(takeRedirectUrl() ?? SIGNED_IN_HOME_ROUTE, { replace: true })
  const setMode = (mode: 'login' | 'register') =>
    setParams((p) => {
      if (mode === 'register') p.set('mode', 'register')
      else p.delete('mode')
      return p
    })

  return (
    <div className="mx-auto grid w-full max-w-[1180px] gap-10 px-4 py-10 min-[800px]:grid-cols-[1.1fr_1fr] min-[800px]:items-center min-[800px]:py-16 sm:px-6 lg:px-10">
      <section className="hidden min-[800px]:block">
        <p className="text-sm font-semibold tracking-wider text-accent uppercase">Mouthpiece</p>
        <h1 className="mt-3 text-4xl leading-tight font-bold tracking-tight text-text lg:text-5xl">
          Give your stream
          <br />a voice and a face.
        </h1>
        <ul className="mt-8 flex flex-col gap-4">
          {promises.map((p) => (
            <li key={p} className="flex items-start gap-3 text-[#c9cedb]">
              <span className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
                <CheckIcon size={14} />
              </span>
              {p}
            </li>
          ))}
        </ul>
      </section>
      <section className="w-full rounded-2xl border border-border bg-surface p-6 shadow-xl shadow-black/30 sm:p-8 min-[800px]:max-w-md min-[800px]:justify-self-end">
        <h2 className="text-2xl font-semibold text-text">
          {registering ? 'Create your account' : 'Welcome back'}
        </h2>
        <p className="mt-1 mb-6 text-sm text-muted">
          {registering ? 'It takes a few seconds. No card needed.' : 'Sign in to your Mouthpiece account.'}
        </p>
        {registering ? (
          <RegisterForm onSignedIn={onSignedIn} onLogin={() => setMode('login')} />
        ) : (
          <LoginForm onSignedIn={onSignedIn} onRegister={() => setMode('register')} />
        )}
      </section>
    </div>
  )
}
