// Entry point: `npm start`. Opens the database (PGlite under DATA_DIR, or DATABASE_URL), migrates,
// seeds on first start, then serves the API and the built console on one port.
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { migrate } from './db/migrate'
import { seedIfEmpty } from './db/seed'
import { buildApp } from './app'
import { DataDirLockedError } from './db/lock'

// Fatal errors end the process with a non-zero code, so its supervisor (deploy/wms.service:
// Restart=always) starts a fresh one instead of leaving a half-working server behind.
process.on('uncaughtException', (err) => { console.error('fatal: uncaught exception', err); process.exit(1) })
process.on('unhandledRejection', (err) => { console.error('fatal: unhandled rejection', err); process.exit(1) })

async function main() {
  const config = loadConfig()
  let database
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n✖ ${err.message}\n`)
      process.exit(2)
    }
    throw err
  }
  const applied = await migrate(database)
  const seed = await seedIfEmpty(database, config)
  const app = await buildApp({ config, database })
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`
  console.log(`\n  Warehouse console ready: http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/`)
  console.log(`  Database: ${where}`)
  if (seed.seeded === 'demo') console.log('  Demo data seeded. Sign in as admin / Demo#2026 (see README for the other demo accounts).')
  if (seed.generatedAdminPassword) console.log(`  First admin created: admin / ${seed.generatedAdminPassword}  (shown once — change it after signing in)`)
  console.log('')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => process.exit(1), 10_000)
    try { await app.close(); await database.close() } finally { clearTimeout(timer); process.exit(0) }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
