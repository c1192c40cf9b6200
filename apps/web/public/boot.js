// A classic script in <head>: it runs before any of the app's modules, and from a file because the
// Content-Security-Policy allows no inline script.
// OBS browser sources (/tts/…) must stay transparent from the first frame, before any chunk loads.
if (location.pathname.startsWith('/tts/')) document.documentElement.classList.add('overlay-page')
// zod must not compile parsers with `new Function` (the policy allows no eval, and zod's probe for
// it alone is reported as a violation). Set before the first schema is built, so here.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })
