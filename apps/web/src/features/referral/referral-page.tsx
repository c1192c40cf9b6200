import { useEffect } from 'react'
import { Navigate, useParams } from 'react-router'
import { rememberReferrer } from '../../lib/referral'

/** /r/{username}: remembers who referred the visitor, then opens sign-up. */
export function ReferralPage() {
  const { username = '' } = useParams()
  const name = username.trim().slice(0, 30)
  useEffect(() => {
    if (name) rememberReferrer(name)
  }, [name])
  return <Navigate to="/login?mode=register" replace />
}
