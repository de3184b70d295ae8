// Imported first by main.tsx. The Content-Security-Policy allows no 'unsafe-eval' (src/server/http/serving.ts),
// so zod must not probe `new Function` for its JIT object parser: the probe is caught, but the browser
// still reports a CSP violation each time. zod reads this global config when it loads (zod/v4/core).
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> }
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true }
