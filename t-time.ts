import { openDatabase } from './src/server/db/client'
import { migrate } from './src/server/db/migrate'
import { seedIfEmpty } from './src/server/db/seed'
import { loadConfig } from './src/server/config'
let t0 = Date.now()
const d = await openDatabase({ dataDir: 'memory://' })
await migrate(d)
await seedIfEmpty(d, { ...loadConfig({}), seedDemo: true })
console.log('fresh+seed', Date.now() - t0)
t0 = Date.now()
const blob = await d.dumpDataDir!()
console.log('dump', Date.now() - t0, blob.size)
t0 = Date.now()
const d2 = await openDatabase({ dataDir: 'memory://', loadDataDir: blob })
console.log('load', Date.now() - t0, await d2.query('select count(*) from outbound_order'))
