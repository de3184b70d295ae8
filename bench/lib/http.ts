// The benches' HTTP client: node:http over a keep-alive agent. The load generator shares the machine's
// two cores with the server it measures, so it must cost little: undici's fetch spent about four times
// the CPU of this per request (a static GET flat out from 8 clients: ~5.8k/s with fetch against ~20k/s
// with this), and capped every HTTP bench at what the client could send rather than what the server
// could answer.
import http from 'node:http'

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

export interface HttpReply { status: number; headers: http.IncomingHttpHeaders; text: string }

/** One request; resolves with the status, headers and the whole body as text. */
export function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) }, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    if (init.body !== undefined) req.write(init.body)
    req.end()
  })
}

/** Signs in over the password grant; resolves with the access token. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const r = await request(`${base}/auth/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  })
  if (r.status !== 200) throw new Error(`sign-in as ${username} failed: ${r.status} ${r.text.slice(0, 200)}`)
  return JSON.parse(r.text).datas.access_token as string
}
