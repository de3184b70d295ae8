// Collects the Content-Security-Policy violations a page reports — in the console ("Refused to …") or
// as a securitypolicyviolation event — so a spec can assert there were none.
import type { Page } from '@playwright/test'

export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate|create)/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`))
  })
  return violations
}
