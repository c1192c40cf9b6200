/** The public face of modules/donations/testing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { closeServer, json, readBody, startFakeYoutube } from './fake-donation-services'
export { consentGiven, listenApp, listenHttp, overlayKeyOf, rowsOf, signUp } from './harness'
