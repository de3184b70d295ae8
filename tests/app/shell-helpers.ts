// Kept so tests written against the old path still compile: the harness lives in tests/helpers
// (bridge.ts: in-process API + sign-in; dom.ts: act()-based DOM helpers). Import from there.
export { bridgeFetch as bridge, type Sent } from '../helpers/bridge'
export { clearCookies, flush, waitFor, typeInto, press, $, $$ } from '../helpers/dom'
