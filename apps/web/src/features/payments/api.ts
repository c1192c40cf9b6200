import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  addCard,
  adminCreatePlan,
  adminListPlans,
  adminUpdatePlan,
  cancelPlan,
  createCardToken,
  deletePaymentMethod,
  getPaymentHistory,
  getPaymentMethod,
  getPlans,
  getSubscriptionPlan,
  oneOffPayment,
  resumePlan,
  subscribePlan,
  updateCard,
} from '@mouthpiece/contracts/payments/payments.contract'
import type { RouteBody } from '@mouthpiece/contracts/define-route'
import { ApiError, api, isSuccess, request } from '../../lib/api'
import { useCurrentUser } from '../auth'
import { CardConfirmationError, NEEDS_CONFIRMATION, withCardConfirmation } from './stripe-js'

export const paymentKeys = {
  all: ['payments'] as const,
  plans: ['payments', 'plans'] as const,
  subscription: ['payments', 'subscription'] as const,
  method: ['payments', 'method'] as const,
  history: (page: number) => ['payments', 'history', page] as const,
  adminPlans: ['payments', 'admin', 'plans'] as const,
}

/** Plans and the provider in use (public). */
export const plansQuery = queryOptions({
  queryKey: paymentKeys.plans,
  queryFn: ({ signal }) => request(getPlans, { signal }),
  staleTime: 60_000,
})

/**
 * The user's subscription and entitlements. Pricing pages are open signed out, so a 401 here must
 * not send the visitor to /login.
 */
export const subscriptionQuery = queryOptions({
  queryKey: paymentKeys.subscription,
  queryFn: async ({ signal }) => {
    const result = await api(getSubscriptionPlan, { signal, redirectOn401: false })
    if (isSuccess(result)) return result
    throw new ApiError(result)
  },
})

export const methodQuery = queryOptions({
  queryKey: paymentKeys.method,
  queryFn: ({ signal }) => request(getPaymentMethod, { signal }).then((r) => r.method),
})

export const historyQuery = (page: number) =>
  queryOptions({
    queryKey: paymentKeys.history(page),
    queryFn: ({ signal }) => request(getPaymentHistory, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  })

/** The signed-in user's subscription, or nothing for a visitor. */
export function useMySubscription() {
  const { data: user } = useCurrentUser()
  return useQuery({ ...subscriptionQuery, enabled: !!user })
}

/** After any billing change every payments view refetches (plan, card, history). */
function usePaymentMutation<A, R>(send: (arg: A) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  })
}

export type CardFields = RouteBody<typeof createCardToken>

/** Card fields → a token (test mode: the server plays Stripe.js), never stored. */
export const tokenizeCard = (card: CardFields) => request(createCardToken, { body: card })

/**
 * What a card form hands over: the typed card (sandbox and test keys: our token endpoint makes the
 * token), or the PaymentMethod Stripe.js already made from Stripe's own card field.
 */
export type CardEntry =
  { kind: 'fields'; fields: CardFields; last4: string } | { kind: 'stripe'; tokenId: string; last4: string }

/** The `token_id` the card calls take. */
export const cardToken = async (entry: CardEntry): Promise<string> =>
  entry.kind === 'stripe' ? entry.tokenId : (await tokenizeCard(entry.fields)).token_id

/**
 * Subscribes; a first payment whose bank asks the payer (3-D Secure) goes through Stripe.js's
 * confirmation step with `publishableKey`, then the server reads the outcome.
 */
export const useSubscribe = (publishableKey?: string | null) =>
  usePaymentMutation(async (planId: number) => {
    const answer = await withCardConfirmation(publishableKey, () =>
      request(subscribePlan, { body: { subscription_plan_id: planId } }),
    )
    if (answer.next_action) throw new CardConfirmationError(NEEDS_CONFIRMATION)
    return answer.subscription
  })
export const useCancelPlan = () => usePaymentMutation(() => request(cancelPlan).then((r) => r.subscription))
export const useResumePlan = () => usePaymentMutation(() => request(resumePlan).then((r) => r.subscription))
export const useDeleteCard = () => usePaymentMutation(() => request(deletePaymentMethod))
/** Tokenizes then saves the card: add-card when none is on file, update-card to replace it. */
export const useSaveCard = () =>
  usePaymentMutation(async ({ card, replace }: { card: CardEntry; replace: boolean }) => {
    const token_id = await cardToken(card)
    return request(replace ? updateCard : addCard, { body: { token_id } }).then((r) => r.method)
  })
export const useOneOffPayment = () =>
  usePaymentMutation((body: RouteBody<typeof oneOffPayment>) =>
    request(oneOffPayment, { body }).then((r) => r.payment),
  )

// Admin: the plans editor (/admin/plans). Every plan, hidden ones too.
export const adminPlansQuery = queryOptions({
  queryKey: paymentKeys.adminPlans,
  queryFn: ({ signal }) => request(adminListPlans, { signal }).then((r) => r.plans),
})
export type PlanSave =
  | { id: number; body: RouteBody<typeof adminUpdatePlan> }
  | { id?: undefined; body: RouteBody<typeof adminCreatePlan> }
/** Creates or updates a plan; the pricing pages' plan list refetches with the admin list. */
export const useSavePlan = () =>
  usePaymentMutation((save: PlanSave) =>
    (save.id === undefined
      ? request(adminCreatePlan, { body: save.body })
      : request(adminUpdatePlan, { params: { id: save.id }, body: save.body })
    ).then((r) => r.plan),
  )
