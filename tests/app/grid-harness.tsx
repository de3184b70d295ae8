// Kept so tests written against the old path still compile: the harness lives in tests/helpers
// (bridge.ts: in-process API + sign-in; dom.ts: act()-based DOM helpers). Import from there.
export { startHarness, type Harness } from '../helpers/bridge'
export { mount, waitFor, key, click, type } from '../helpers/dom'
