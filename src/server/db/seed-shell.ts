// Shell seed: the dictionaries of src/domain/dictionaries.ts (always) and the demo notices with their
// carousel images (demo databases only). Idempotent: running it twice changes nothing.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from './client'
import { dictItem, notice, fileObject } from './schema/shell'
import { DICTIONARIES, dictLabelKey, NoticeType } from '../../domain/dictionaries'
import { translate } from '../i18n'

/** Inserts dictionary values that are missing (new enum values reach old databases at start-up too). */
export async function syncDictionaries(db: Queryable): Promise<void> {
  const rows = Object.entries(DICTIONARIES).flatMap(([code, entries]) => entries.map((e, i) => {
    const labelKey = dictLabelKey(code, e.value)
    const english = translate('en', labelKey)
    return { dictCode: code, dictValue: e.value, labelKey, dictLabel: english === labelKey ? e.name : english, sort: i + 1 }
  }))
  await db.insert(dictItem).values(rows).onConflictDoNothing()
}

// Fixed ids so the demo's slide URLs are stable across fresh databases.
export const DEMO_SLIDE_IDS = ['5a1de000-0000-4000-8000-000000000001', '5a1de000-0000-4000-8000-000000000002'] as const

function slideSvg(title: string, colour: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="500" height="250" viewBox="0 0 500 250">
<rect width="500" height="250" rx="12" fill="${colour}"/>
<text x="250" y="135" font-family="system-ui,sans-serif" font-size="30" fill="#fff" text-anchor="middle">${title}</text>
</svg>`)
}

export interface SeedShellOptions {
  /** Demo notices (one SystemAnnouncement with two slides, one ReleaseNotice, one with a link). */
  demoNotices?: boolean
}

export async function seedShell(tx: AppTx, opts: SeedShellOptions = { demoNotices: true }): Promise<void> {
  await syncDictionaries(tx)
  if (!opts.demoNotices) return
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(notice)
  if (n > 0) return
  await tx.insert(fileObject).values([
    { id: DEMO_SLIDE_IDS[0], name: 'scan-first.svg', contentType: 'image/svg+xml', size: 0, purpose: 'attachment', content: slideSvg('Scan-first receiving', '#409EFF') },
    { id: DEMO_SLIDE_IDS[1], name: 'palette.svg', contentType: 'image/svg+xml', size: 0, purpose: 'attachment', content: slideSvg('Ctrl+K: do anything', '#00C292') },
  ]).onConflictDoNothing()
  await tx.execute(sql`UPDATE file_object SET size = octet_length(content) WHERE size = 0`)
  const slides = [
    { imageUrl: `/api/files/${DEMO_SLIDE_IDS[0]}`, title: 'Receiving goes scan-first', description: 'Receiving and shelving screens keep the scanner input focused; every scan gives a sound and a big, clear result.' },
    { imageUrl: `/api/files/${DEMO_SLIDE_IDS[1]}`, title: 'One palette for everything', description: 'Press Ctrl+K (⌘K on a Mac) to open any screen or run any action you are allowed to.' },
  ]
  const day = 24 * 3600 * 1000
  const now = Date.now()
  await tx.insert(notice).values([
    {
      noticeType: NoticeType.SystemAnnouncement,
      noticeTitle: 'Welcome to the new warehouse console',
      noticeContent: 'A quick tour of what changed.',
      announceContent: JSON.stringify(slides),
      effectiveBegin: new Date(now - 2 * day),
      createTime: new Date(now - 2 * day),
    },
    {
      noticeType: NoticeType.ReleaseNotice,
      noticeTitle: 'Release 5.11.04',
      noticeContent: 'Version 5.11.04 is live: faster wave picking lists, carrier label retries and Spanish (Mexico) throughout.',
      effectiveBegin: new Date(now - day),
      createTime: new Date(now - day),
    },
    {
      noticeType: NoticeType.ReleaseNotice,
      noticeTitle: 'Peak season cut-off times',
      noticeContent: 'Carrier pick-up cut-off moves to 16:00 for the peak season.',
      detailedLinks: 'https://example.com/wms/peak-season',
      effectiveBegin: new Date(now - 3 * day),
      createTime: new Date(now - 3 * day),
    },
  ])
}
