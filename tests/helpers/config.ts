// The configuration every in-process test app runs with (its seed is the demo company).
import { loadConfig, type Config } from '../../src/server/config'

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}), seedDemo: true, staticDir: '/nonexistent', jwtSecret: 'test-secret-0123456789abcdef0123456789', ...overrides,
})
