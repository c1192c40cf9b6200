import axe from 'axe-core'
import type { AxeResults } from 'axe-core'
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { adminSignIn, signUpCreator } from './support'

// Run with E2E_PORT=4329. WCAG 2.1 A and AA (axe-core) on every route of the web route table, each as
// the visitor it is for: signed out, a creator, the admin. One page, one sign-in per visitor kind, the
// routes in a loop (a new context per route would cost CI minutes). Routes that only redirect
// (`redirectOnly`, no page) land on pages the loop visits anyway. Decision 0052.
// While fixing: A11Y_ONLY=<regex on the route pattern> checks a few routes, A11Y_TIMES=1 prints each
// route's time and the running count, A11Y_TIMEOUT=<ms> lifts the time limit.

test.use({ trace: 'off', screenshot: 'off' })

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const OVERLAY = '/tts/announcement'

type Visitor = 'signed out' | 'creator' | 'admin'
/** The fields of the web app's AppRoute this test reads. */
interface TableRoute {
  path: string
  guard: string
  page?: unknown
  redirectOnly?: boolean
}
/**
 * The route table itself (apps/web/src/app/route-table.ts), loaded at run time: the e2e typecheck
 * project does not compile the web app (its JSX and Vite types), Playwright's loader does.
 */
const ROUTE_TABLE = '../apps/web/src/app/route-table'
const loadRoutes = async () => ((await import(ROUTE_TABLE)) as { ROUTES: readonly TableRoute[] }).ROUTES

const visitorOf = (r: TableRoute): Visitor =>
  r.path === '/admin/login'
    ? 'signed out'
    : r.guard === 'admin'
      ? 'admin'
      : r.guard === 'user'
        ? 'creator'
        : 'signed out'

/** A concrete address for a pattern: seeded ids where the test made the data, else a plain id. */
function addressOf(path: string, ids: Record<string, string>): string {
  const fixed = ids[path]
  if (fixed) return fixed
  return path
    .replace(/\/:[a-z]+\?$/i, '')
    .replace(':username', ids.username!)
    .replace(/:[a-z]+/gi, (p) => ids[p] ?? '1')
}

interface Found {
  route: string
  rule: string
  impact: string
  targets: string[]
}

/**
 * Opens an address the way a link in the app does (the router's history, no reload: a full load per
 * route would cost a minute of CI), then waits for its page: the lazy chunk in, no loading block.
 */
async function open(page: Page, address: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, address)
  await page
    .locator('[data-loading-block]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined)
}

async function check(page: Page, route: string, address: string): Promise<Found[]> {
  const t0 = Date.now()
  await open(page, address)
  if (process.env.A11Y_TIMES) console.log(`open ${Date.now() - t0} ms ${address}`)
  // axe-core straight in the page, injected once per document (the router's navigations keep it):
  // re-injecting its 600 kB per route and collecting passing nodes would double the run.
  const t1 = Date.now()
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const run = (only: { rules?: string[]; exclude?: string }) =>
    page.evaluate<AxeResults, { tags: string[]; rules?: string[]; exclude?: string }>(
      ({ tags, rules, exclude }) =>
        (window as unknown as { axe: typeof axe }).axe.run(exclude ? { exclude: [exclude] } : document, {
          runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
          resultTypes: ['violations'],
        }),
      { tags: TAGS, ...only },
    )
  const violations = (await run({})).violations
  if (process.env.A11Y_TIMES) console.log(`axe ${Date.now() - t1} ms`)
  if (route === OVERLAY) {
    // The OBS overlay draws over the creator's stream, whose pixels the page cannot know: contrast
    // is not judged inside it (a transparent page reads as white). Every other rule is, and
    // contrast is still checked outside it.
    const i = violations.findIndex((v) => v.id === 'color-contrast')
    if (i >= 0) violations.splice(i, 1)
    violations.push(
      ...(await run({ rules: ['color-contrast'], exclude: '[data-testid="overlay"]' })).violations,
    )
  }
  return violations.map((v) => ({
    route,
    rule: v.id,
    impact: v.impact ?? '',
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}

/** Where the keyboard starts: the skip link is the first Tab stop and moves focus to the page. */
async function keyboardStarts(page: Page) {
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await skip.waitFor({ state: 'attached' })
  await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
}

test('every route passes WCAG 2.1 A/AA (axe) for the visitor it is for', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(Number(process.env.A11Y_TIMEOUT ?? 240_000))
  const started = Date.now()
  const routes = (await loadRoutes()).filter(
    (r) =>
      r.page && !r.redirectOnly && (!process.env.A11Y_ONLY || new RegExp(process.env.A11Y_ONLY).test(r.path)),
  )

  // Real data on the pages that show one: a creator with a project and a render.
  const creator = await signUpCreator(request, page.context(), 'a11y', baseURL)
  const post = async (path: string, data: object) => {
    const res = await request.post(path, { headers: creator.headers, data })
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy()
    return (await res.json()) as Record<string, { id: string | number }>
  }
  const project = (await post('/api/create-project', { name: 'Launch teaser', scenes: ['Hello chat!'] }))
    .project!
  const render = (await post('/api/quick-create', { text: 'Thanks for watching, see you tomorrow!' })).render!
  const overlayKey = new URL(creator.overlayUrl).search
  const ids: Record<string, string> = {
    username: creator.username,
    ':id': String(project.id),
    [OVERLAY]: `${OVERLAY}${overlayKey}`,
    '/video-sharing/:id': `/video-sharing/${render.id}`,
    '/video-result/:id': `/video-result/${render.id}`,
    '/video-result/:id/log/:log': `/video-result/${render.id}/log/1`,
    ':channel': 'twitch',
  }
  // The creator's session cookie is set on the page's context: signed-out visits go first, without it.
  const cookies = await page.context().cookies()
  await page.context().clearCookies()

  const found: Found[] = []
  for (const visitor of ['signed out', 'creator', 'admin'] as const) {
    if (visitor === 'creator') await page.context().addCookies(cookies)
    if (visitor === 'admin') {
      // Off the app first: a signed-in page that loses its cookie navigates by itself.
      await page.goto('about:blank')
      await page.context().clearCookies()
      await adminSignIn(page)
    } else await page.goto('/privacy')
    if (visitor === 'signed out') await keyboardStarts(page)
    if (visitor === 'creator') {
      // A link to Quick Create means "type a line": the keyboard starts in the line box.
      await page.goto('/landing#quick-create')
      await expect(page.getByRole('textbox', { name: 'Your line' })).toBeFocused()
    }
    for (const r of routes.filter((x) => visitorOf(x) === visitor)) {
      const address = addressOf(r.path, visitor === 'admin' ? { ...ids, ':id': String(1) } : ids)
      const t0 = Date.now()
      found.push(...(await check(page, r.path, address)))
      if (process.env.A11Y_TIMES)
        console.log(
          `${Date.now() - t0} ms ${address} total ${found.reduce((n, f) => n + f.targets.length, 0)}`,
        )
    }
  }
  const elements = found.reduce((n, f) => n + f.targets.length, 0)
  console.log(
    `a11y: ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s; ${elements} failing elements`,
  )
  const byRule = new Map<string, number>()
  for (const f of found)
    byRule.set(`${f.rule} (${f.impact})`, (byRule.get(`${f.rule} (${f.impact})`) ?? 0) + f.targets.length)
  console.log([...byRule].map(([k, n]) => `${k}: ${n}`).join('\n'))
  expect(found.map((f) => `${f.route} ${f.rule} (${f.impact}): ${f.targets.slice(0, 4).join(', ')}`)).toEqual(
    [],
  )
})
