// A details page's table (a document's lines, reservations, ledger rows, history): a titled section,
// cells padded apart and kept on one line (a narrow window scrolls the table rather than wrapping a
// code), numbers right-aligned, codes in monospace, an empty value shown as '—'.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface DocColumn<R> {
  id: keyof R & string
  /** i18n key of the header. */
  labelKey: string
  kind?: 'number' | 'code'
  render?: (row: R) => ReactNode
  /** A long text (a reason, a summary): wraps within its cell instead of pushing the table wider than the page. */
  wrap?: boolean
}

export function DocTable<R extends { id: number | string }>({ titleKey, testId, columns, rows, emptyKey }: {
  titleKey: string; testId: string; columns: readonly DocColumn<R>[]; rows: readonly R[]; emptyKey?: string
}) {
  const { t } = useTranslation()
  const titleId = `${testId}-title`
  const cell = (c: DocColumn<R>) => `${c.wrap ? 'min-w-[8rem] whitespace-normal break-words' : 'whitespace-nowrap'} px-2 py-1 ${c.kind === 'number' ? 'text-right tabular-nums' : c.kind === 'code' ? 'font-mono' : ''}`
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="mb-1 text-sm font-semibold">{t(titleKey)}</h3>
      {rows.length === 0 && emptyKey ? <p className="text-sm text-gray-500" data-testid={`${testId}-empty`}>{t(emptyKey)}</p> : (
        // A table wider than the page scrolls inside its region, which the keyboard reaches (Tab, then the arrows).
        <div className="overflow-x-auto" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="w-full text-sm" data-testid={testId}>
            <thead className="text-left text-gray-600">
              <tr>{columns.map((c) => <th key={c.id} scope="col" className={`whitespace-nowrap px-2 py-1 ${c.kind === 'number' ? 'text-right' : ''}`}>{t(c.labelKey)}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t">
                  {columns.map((c) => {
                    const v = c.render ? c.render(r) : r[c.id]
                    return <td key={c.id} className={cell(c)}>{v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? v as ReactNode : String(v)}</td>
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
