// Handler of the exchange rate's extra action `sync` (src/domain/resources/org/exchange-rate.ts):
// fills one day's rates (default today, UTC) of every enabled automatic-mode currency from the rate
// source — the built-in rate simulator — in the command's one transaction: a daily_rate row per
// currency (replacing that day's row), and the currency's current rate when the day is its newest.
// Manual-mode and disabled currencies are left alone and listed as skipped.
import { sql } from 'drizzle-orm'
import type { SyncRatesArgs, SyncRatesResult } from '../../../../domain/resources/org/rules'
import { defineHandler } from '../../../commands/registry'
import { fieldError } from '../../../http/errors'
import { rowsOf } from '../../../db/rows'
import { rateSimulator, round4, type RateSource } from './rate-simulator'

let source: RateSource = rateSimulator
/** The rate source the sync uses (the simulator unless a deployment plugs a real one in). */
export function useRateSource(s: RateSource): void { source = s }

const todayUtc = () => new Date().toISOString().slice(0, 10)

interface CurrencyRow { id: number; code: string; target: string; mode: string; status: number; rateDate: string | null }

defineHandler<SyncRatesArgs>('resource.exchangeRate.sync', async ({ tx, args, auth, setSummary }): Promise<SyncRatesResult> => {
  const today = todayUtc()
  const date = args.date ?? today
  if (date > today) throw fieldError('date', 'res-org:exchangeRate.errors.futureDate')
  const currencies: CurrencyRow[] = rowsOf(await tx.execute(sql`
    SELECT id, currency_code, target_currency, sync_mode, status, to_char(rate_date, 'YYYY-MM-DD') AS rate_date
    FROM exchange_rate ORDER BY currency_code FOR UPDATE`))
    .map((r) => ({ id: Number(r.id), code: String(r.currency_code), target: String(r.target_currency), mode: String(r.sync_mode), status: Number(r.status), rateDate: r.rate_date === null ? null : String(r.rate_date) }))
  const auto = currencies.filter((c) => c.mode === 'automatic' && c.status === 1)
  const wanted = [...new Set([...auto.flatMap((c) => [c.code, c.target]), 'CNY'])]
  const quotes = await source.quote(date, wanted)

  // Yuan per USD for the RMB rates: the source's CNY quote, else the day's stored CNY rate.
  let cnyPerUsd = quotes.get('CNY')
  if (cnyPerUsd === undefined) {
    const stored = rowsOf(await tx.execute(sql`
      SELECT d.rate FROM daily_rate d JOIN exchange_rate e ON e.id = d.currency_id
      WHERE e.currency_code = 'CNY' AND d.rate_date = ${date}::date`))
    if (stored.length) cnyPerUsd = Number(stored[0].rate)
  }

  const updated: SyncRatesResult['updated'] = []
  const skipped = currencies.filter((c) => !auto.includes(c)).map((c) => c.code)
  for (const c of auto) {
    const perUsd = quotes.get(c.code)
    const targetPerUsd = quotes.get(c.target)
    if (perUsd === undefined || targetPerUsd === undefined) { skipped.push(c.code); continue }
    // Units of the currency per 1 target currency (USD → itself = 1, which the base-one CHECK demands).
    const rate = c.code === c.target ? 1 : round4(perUsd / targetPerUsd)
    const rmb = cnyPerUsd === undefined ? null : round4(cnyPerUsd / perUsd)
    const rmbRate = rmb !== null && rmb > 0 ? rmb : null
    await tx.execute(sql`
      INSERT INTO daily_rate (currency_id, rate_date, rate, rmb_rate, sync_mode, created_by, updated_by)
      VALUES (${c.id}, ${date}::date, ${rate}, ${rmbRate}, 'automatic', ${auth.userId}, ${auth.userId})
      ON CONFLICT (currency_id, rate_date) DO UPDATE
        SET rate = EXCLUDED.rate, rmb_rate = EXCLUDED.rmb_rate, sync_mode = 'automatic', updated_at = now(), updated_by = EXCLUDED.updated_by`)
    // Filling a past day must not move the current rate back in time.
    if (c.rateDate === null || c.rateDate <= date) {
      await tx.execute(sql`
        UPDATE exchange_rate SET rate = ${rate}, rmb_rate = ${rmbRate}, rate_date = ${date}::date, use_date = ${date}::date,
          updated_at = now(), updated_by = ${auth.userId}
        WHERE id = ${c.id}`)
    }
    updated.push({ currencyCode: c.code, rate, rmbRate })
  }
  setSummary(`${source.name}: ${updated.length} rates for ${date}${skipped.length ? `, skipped ${skipped.join(' ')}` : ''}`)
  return { date, source: source.name, updated, skipped }
})
