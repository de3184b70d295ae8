// The answers of the command API are a contract (issue 19 §1): a server command states its answer as
// a zod `output` (the OpenAPI document gives it as the operation's answer), and under test the executor
// checks every real answer against it (src/server/commands/execute.ts checkOutput) — so the whole API
// suite proves the declared outputs. This file proves the check is on and that it bites, and keeps the
// list of the commands that state no answer yet: a new server command without `output` fails here
// unless it is added to NO_OUTPUT_YET deliberately. The list only shrinks.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { z } from 'zod'
import { commandRegistry } from '../../commands/index'
import { checkOutput, outputCheckOn, OutputMismatch } from '../../src/server/commands/execute'
import { jsonSchema } from '../../src/server/http/openapi'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { client, signIn, type ApiClient } from '../helpers/api'

/** Server commands whose answer is not stated yet (their operation documents `data` as any JSON value). */
// Empty since issue 19 §1: every server command states its answer. A command added without one fails
// the first test below; list it here only deliberately (and say why), never to make the test pass quietly.
const NO_OUTPUT_YET: readonly string[] = []

const served = commandRegistry.all().filter((c) => c.server)

describe('command outputs: the answers are a contract', () => {
  it('every server command states its output, except the deliberate list (which only names real commands without one)', () => {
    const without = served.filter((c) => !c.output).map((c) => c.id).sort()
    // A new command without output, or one that lost it: add its output (or, deliberately, list it above).
    expect(without.filter((id) => !NO_OUTPUT_YET.includes(id)), 'server commands without output not in NO_OUTPUT_YET').toEqual([])
    // A listed command that now has its output (or no longer exists) leaves the list: it only shrinks.
    expect(NO_OUTPUT_YET.filter((id) => !without.includes(id)), 'NO_OUTPUT_YET names commands that have an output or do not exist').toEqual([])
    expect(new Set(NO_OUTPUT_YET).size).toBe(NO_OUTPUT_YET.length)
    console.log(`command outputs: ${served.length - without.length} of ${served.length} server commands state their answer, ${without.length} not yet`)
  })

  it('every stated output has a JSON Schema for the document (no unrepresentable part)', () => {
    for (const c of served.filter((d) => d.output)) {
      const s = jsonSchema(c.output, 'output')!
      expect(s.description, c.id).not.toBe('not representable')
      expect(Object.keys(s).length, c.id).toBeGreaterThan(0)
    }
  })

  it('the check is on wherever the tests run, and off in production', () => {
    // vitest sets VITEST=true in every worker: if the switch stopped seeing it, the API suite would check nothing.
    expect(process.env.VITEST).toBe('true')
    expect(outputCheckOn()).toBe(true)
    expect(outputCheckOn({ NODE_ENV: 'test' })).toBe(true)
    expect(outputCheckOn({ NODE_ENV: 'production' })).toBe(false)
    expect(outputCheckOn({})).toBe(false)
  })

  it('checkOutput: an exact answer passes; a wrong type, a missing field or an unstated field fails, naming the command and the place', () => {
    const Out = z.object({ id: z.number().int(), lines: z.array(z.object({ sku: z.string(), at: z.string().nullable() })) })
    expect(() => checkOutput('x.y.z', Out, { id: 1, lines: [{ sku: 'A', at: null }] })).not.toThrow()
    // A Date is answered as its JSON string: the check reads the answer as the caller receives it.
    expect(() => checkOutput('x.y.z', Out, { id: 1, lines: [{ sku: 'A', at: new Date(0) }] })).not.toThrow()
    // Undefined fields are not sent: not a difference.
    expect(() => checkOutput('x.y.z', Out, { id: 1, lines: [], extra: undefined })).not.toThrow()
    const failure = (data: unknown) => { try { checkOutput('x.y.z', Out, data) } catch (e) { return e as OutputMismatch } throw new Error('no failure') }
    const wrong = failure({ id: '1', lines: [] })
    expect(wrong).toBeInstanceOf(OutputMismatch)
    expect(wrong.status).toBe(500)
    expect(wrong.message).toMatch(/^x\.y\.z answered outside its output schema: id: /)
    expect(failure({ id: 1 }).message).toContain(': lines: ')
    // z.object would strip it silently: the check compares the parse with the answer, so it is named.
    expect(failure({ id: 1, lines: [{ sku: 'A', at: null, qty: 2 }] }).message).toContain('lines.0.qty: not stated by the output schema')
    expect(failure({ id: 1, lines: [], secret: 'x' }).message).toContain('secret: not stated')
    // A schema that rewrites the answer (a transform, a default) is not the answer's shape either.
    expect(() => checkOutput('x.y.z', z.object({ n: z.number().transform((v) => v + 1) }), { n: 1 })).toThrow(/n: not stated/)
    expect(() => checkOutput('x.y.z', z.object({ n: z.number().default(1) }), {})).toThrow(/n: not stated/)
    // A command answering nothing answers null.
    expect(() => checkOutput('x.y.z', z.null(), undefined)).not.toThrow()
  })
})

describe('command outputs: the executor checks real answers', () => {
  let t: TestApp
  let admin: ApiClient
  const { q } = queriesOf(() => t)
  const def = commandRegistry.get('stock.invariants.check')!
  beforeAll(async () => {
    t = await createTestApp()
    admin = client(t, await signIn(t, 'admin'), 'admin')
  })
  afterAll(async () => { await t?.close() })

  it('a real answer that matches its output is sent; one that does not is a 500 naming the command and the field, audited as an error', async () => {
    const ok = await admin.cmd('stock.invariants.check', {})
    expect(ok.statusCode, ok.body).toBe(200)
    expect(def.output!.parse(ok.json().data)).toEqual(ok.json().data)

    // The same handler against a schema its answer does not meet (restored below: the registry is shared).
    const stated = def.output
    def.output = z.strictObject({ balances: z.number().int(), ledgerRows: z.number().int() })
    try {
      const res = await admin.cmd('stock.invariants.check', {})
      expect(res.statusCode).toBe(500)
      expect(res.json().messageKey).toBe('errors:internal')
      expect(res.json().data.outputMismatch).toMatch(/^stock\.invariants\.check: .*violations/)
    } finally {
      def.output = stated
    }
    const [row] = await q<{ result: string; error_code: string }>(`SELECT result, error_code FROM audit_log WHERE command_id = 'stock.invariants.check' ORDER BY id DESC LIMIT 1`)
    expect(row).toEqual({ result: 'error', error_code: 'errors:internal' })
  })

  it('a mismatch writes nothing: the handler\'s changes roll back with it', async () => {
    // A resource add whose answer is checked against a wrong schema: no row, no idempotency answer.
    const add = commandRegistry.get('resource.carrier.add')
    expect(add?.output, 'resource.carrier.add states its output').toBeDefined()
    const stated = add!.output
    add!.output = z.strictObject({ id: z.string() })
    const code = `OUTCHK${Date.now() % 100000}`
    try {
      const res = await admin.cmd('resource.carrier.add', sampleCarrier(code), 'output-check-key-1')
      expect(res.statusCode, res.body).toBe(500)
      expect(res.json().data.outputMismatch).toMatch(/^resource\.carrier\.add: id: /)
    } finally {
      add!.output = stated
    }
    expect(await q(`SELECT key FROM idempotency_key WHERE key = 'output-check-key-1'`)).toEqual([])
    expect(await q(`SELECT id FROM carrier WHERE code = $1`, [code])).toEqual([])
    // With its real schema the same command succeeds and answers its record.
    const res = await admin.cmd('resource.carrier.add', sampleCarrier(code), 'output-check-key-2')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ id: expect.any(Number) })
  })
})

/** A carrier the demo company does not have yet (the resource's required fields). */
function sampleCarrier(code: string): Record<string, unknown> {
  return { code, name: `Output check ${code}` }
}
