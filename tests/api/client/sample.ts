// An integrator's client over the generated types (./openapi.d.ts, `npm run api:types`): sign in,
// push orders (outbound.order.feed), validate them (outbound.order.validate), scan a pick
// (outbound.pick.scan). Plain fetch, typed end to end by the OpenAPI document: a body that does not
// match a command's schema, or a read of a field its answer does not have, fails `npm run typecheck`.
// tests/api/command-api.test.ts runs these very functions over HTTP against the server.
import type { paths } from './openapi'

/** The commands of the document: every `/api/commands/<id>` path with a POST. */
export type CommandPath = { [P in keyof paths]: P extends `/api/commands/${string}` ? (paths[P] extends { post: unknown } ? P : never) : never }[keyof paths]
type PostOf<P extends CommandPath> = paths[P] extends { post: infer O } ? O : never
/** The request body of a command, as the server parses it. */
export type CommandBody<P extends CommandPath> = PostOf<P> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never
/** The success envelope of a command. */
export type CommandAnswer<P extends CommandPath> = PostOf<P> extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never

export interface Session {
  /** e.g. http://127.0.0.1:8080 */
  base: string
  token: string
  /** x-userinfo-header: `<tenantId>-<username>-<warehouseId>`. */
  pair: string
  language?: 'en-US' | 'zh-CN' | 'es-MX'
}

/** The error envelope of every refusal. */
export type Refusal = paths['/api/commands/outbound.order.feed']['post']['responses'][409]['content']['application/json']

export class CommandRefused extends Error {
  constructor(readonly status: number, readonly answer: Refusal) {
    super(`${status} ${answer.messageKey}: ${answer.responseDesc}`)
  }
}

/** POST /auth/oauth/token, then the pair the calls run in. */
export async function signIn(base: string, username: string, password: string, pair: { tenantId: number; warehouseId: number }): Promise<Session> {
  const res = await fetch(`${base}/auth/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }).toString(),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  const body = await res.json() as { datas: { access_token: string } }
  return { base, token: body.datas.access_token, pair: `${pair.tenantId}-${encodeURIComponent(username)}-${pair.warehouseId}` }
}

/** Runs one command with its Idempotency-Key (the same key again replays the answer): resolves to the success envelope, else throws the refusal. */
export async function runCommand<P extends CommandPath>(s: Session, path: P, body: CommandBody<P>, idempotencyKey: string = crypto.randomUUID()): Promise<CommandAnswer<P>> {
  const res = await fetch(`${s.base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json', authorization: `Bearer ${s.token}`, 'x-userinfo-header': s.pair,
      'x-language-header': s.language ?? 'en-US', 'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify(body),
  })
  const answer = await res.json()
  if (!res.ok) throw new CommandRefused(res.status, answer as Refusal)
  return answer as CommandAnswer<P>
}

// ── the three calls of a marketplace connector and a handheld ───────────────────────────────────

export type FeedOrder = CommandBody<'/api/commands/outbound.order.feed'>['orders'][number]

/** Pushes orders; answers the created order numbers and those pushed before. */
export async function pushOrders(s: Session, orders: FeedOrder[]) {
  const { data } = await runCommand(s, '/api/commands/outbound.order.feed', { orders })
  return { created: data.created.map((c) => ({ platformNo: c.sourceNo, orderNo: c.orderNo })), existing: data.existing.map((c) => c.orderNo) }
}

/** Validates orders by id (allocates stock): each order's new status and any shortage. */
export async function validateOrders(s: Session, ids: number[]) {
  const { data } = await runCommand(s, '/api/commands/outbound.order.validate', { ids })
  return data.changed.map((c) => ({ orderNo: c.orderNo, from: c.from, to: c.to, short: (c.shortages ?? []).reduce((n, x) => n + x.short, 0) }))
}

/** One pick at a station: the location, then the SKU (code, UPC or FNSKU); qty defaults to 1. */
export async function pickScan(s: Session, scan: CommandBody<'/api/commands/outbound.pick.scan'>) {
  const { data } = await runCommand(s, '/api/commands/outbound.pick.scan', scan)
  return { remaining: data.remaining, taskDone: data.taskDone, next: data.next ? `${data.next.locationCode} ${data.next.skuCode}` : null }
}

/** What the types refuse (checked by `npm run typecheck`: each line must stay an error). */
export function refusedByTheTypes(s: Session) {
  // @ts-expect-error the feed's orders need their platform order number (sourceNo)
  void runCommand(s, '/api/commands/outbound.order.feed', { orders: [{ platform: 'AMAZON', consigneeName: 'A', address: 'B', country: 'US', lines: [{ code: 'SKU', qty: 1 }] }] })
  // @ts-expect-error validate takes order ids, not numbers
  void runCommand(s, '/api/commands/outbound.order.validate', { ids: ['CK2611270001'] })
  // @ts-expect-error a pick names the task, the location and the code
  void runCommand(s, '/api/commands/outbound.pick.scan', { code: 'SKU' })
  // @ts-expect-error no such command
  void runCommand(s, '/api/commands/outbound.order.fly', {})
  return async () => {
    const { data } = await runCommand(s, '/api/commands/outbound.pick.scan', { taskNo: 'JH1', locationCode: 'A-01', code: 'SKU' })
    // @ts-expect-error the pick's answer has no orderNo (its next line does)
    return data.orderNo
  }
}
