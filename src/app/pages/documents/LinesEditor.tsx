// The lines of a document's form, keyboard first: a scan field (type or scan a code, Enter adds it
// with the quantity beside it), the lines' table with each line's quantity and a remove button, the
// refusals on the line they name ('lines.2.code', 'lines.2.qty') and on the lines as a whole; and the
// form's footer (its general refusal, the keys, cancel and save). A line is removed by its button or by
// a key on the line — Alt+Backspace anywhere in it, Delete on its remove button — and the focus moves to
// the line that took its place (the one before it when it was the last; the scan field when none is
// left), so several lines are removed in a row; the errors by position are dropped. The forms check a
// typed code with the server on Enter (the page's onAdd) and keep the text when it is refused.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import { useTranslation } from 'react-i18next'
import { docInputCls as inputCls, type FieldErrors } from './formParts'

export interface EditLine { key: number; qty: number }

/**
 * The lines' state and the scan field's: the typed code and quantity, add with a fresh key (the same
 * line again adds up), a quantity typed on a line, removal; and `submitChecked`, the scan field's Enter
 * when each code is checked with the server first.
 */
export function useLineEditor<L extends EditLine>(setErrors: Dispatch<SetStateAction<FieldErrors>>) {
  const scanRef = useRef<HTMLInputElement>(null)
  const [scan, setScan] = useState('')
  const [qty, setQty] = useState('1')
  const [scanError, setScanError] = useState<string | null>(null)
  const [lines, setLines] = useState<L[]>([])
  const nextKey = useRef(1)
  const total = useMemo(() => lines.reduce((s, l) => s + (Number.isFinite(l.qty) ? l.qty : 0), 0), [lines])
  const newKey = useCallback(() => nextKey.current++, [])
  const linesNow = useRef(lines)
  useLayoutEffect(() => { linesNow.current = lines })
  /** The codes being checked, one after another in the order typed. */
  const chain = useRef<Promise<void>>(Promise.resolve())
  const [checking, setChecking] = useState(0)

  /** The typed code (upper case) and quantity; undefined with nothing typed or a bad quantity (`tooSmall` shown). */
  const readScan = (tooSmall: string): { code: string; n: number } | undefined => {
    const code = scan.trim().toUpperCase()
    if (!code) return undefined
    const n = Number(qty)
    if (!Number.isInteger(n) || n < 1) { setScanError(tooSmall); return undefined }
    setScanError(null)
    return { code, n }
  }
  /** Adds `n` to the line `same` finds, or appends `make(key)` (the scan field is left as it is). */
  const addLine = (same: (l: L) => boolean, make: (key: number) => L, n: number) => {
    setLines((ls) => {
      const hit = ls.find(same)
      if (hit) return ls.map((l) => (l === hit ? { ...l, qty: l.qty + n } : l))
      return [...ls, make(nextKey.current++)]
    })
    setErrors(({ lines: _drop, ...rest }) => rest)
  }
  return {
    scanRef, scan, setScan, qty, setQty, scanError, setScanError, lines, setLines, total, newKey, readScan, addLine,
    /** Codes typed and not yet answered by the server's check. */
    checking,
    /** Adds `n` to the line `same` finds, or appends `make(key)`; the scan field is emptied for the next code. */
    add: (same: (l: L) => boolean, make: (key: number) => L, n: number) => {
      addLine(same, make, n)
      setScan('')
      setQty('1')
    },
    /**
     * The scan field's Enter when each code is checked with the server (`resolve(code, line)`, line = the
     * line it would make): the code and quantity are taken at once and the field emptied, so a scanner's
     * next code can follow; the checks run one after another in the order typed. A known code is added
     * (`add`); a refused one comes back into the field — the typed text kept — with the refusal under it.
     */
    submitChecked: <S,>(tooSmall: string, resolve: (code: string, line: number) => Promise<S>, add: (found: S, code: string, n: number) => void, refusal: (e: unknown) => string) => {
      const typed = readScan(tooSmall)
      if (!typed) return
      setScan('')
      setQty('1')
      setChecking((c) => c + 1)
      chain.current = chain.current.then(async () => {
        try {
          add(await resolve(typed.code, linesNow.current.length + 1), typed.code, typed.n)
        } catch (e) {
          setScanError(refusal(e))
          setScan((s) => (s.trim() ? s : typed.code))
          setQty((q) => (q === '1' ? String(typed.n) : q))
        } finally {
          setChecking((c) => c - 1)
          scanRef.current?.focus()
        }
      })
    },
    setLineQty: (key: number, q: number) => setLines((ls) => ls.map((x) => (x.key === key ? { ...x, qty: q } : x))),
    remove: (key: number) => {
      setLines((ls) => ls.filter((x) => x.key !== key))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('lines.'))))
      scanRef.current?.focus()
    },
  }
}
export type LineEditor<L extends EditLine> = ReturnType<typeof useLineEditor<L>>

export interface LineColumn<L> { header: string; cell(l: L): ReactNode; className?: string; /** The line's code refusal shows under this cell. */ codeError?: boolean }

export interface LinesSectionProps<L extends EditLine> {
  uid: string
  editor: LineEditor<L>
  /** Texts, already translated. */
  title: string; scanLabel: string; qtyLabel: string; emptyText: string; lineNoHeader: string
  qtyAria(l: L, index: number): string
  removeAria(index: number): string
  removeHeader?: string
  onAdd(): void
  autoFocusScan?: boolean
  columns: readonly LineColumn<L>[]
  errOf(path: string): string | undefined
}

export function LinesSection<L extends EditLine>({ editor, ...p }: LinesSectionProps<L>) {
  const { uid } = p
  const { scanRef, scan, qty, scanError, lines } = editor
  const linesError = p.errOf('lines')
  const tableRef = useRef<HTMLTableElement>(null)
  /** Removes the line at `index` and focuses the quantity of the line now there (or the one before, or the scan field). */
  const removeAt = (key: number, index: number) => {
    editor.remove(key)
    setTimeout(() => {
      const qtys = tableRef.current?.querySelectorAll<HTMLInputElement>('input[data-line-qty]') ?? []
      const next = qtys[Math.min(index, qtys.length - 1)]
      if (next) { next.focus(); next.select() } else scanRef.current?.focus()
    }, 0)
  }
  const lineKeys = (e: React.KeyboardEvent, key: number, index: number) => {
    const onButton = (e.target as HTMLElement).dataset?.lineRemove !== undefined
    if ((e.altKey && e.key === 'Backspace') || (onButton && e.key === 'Delete')) {
      e.preventDefault()
      e.stopPropagation()
      removeAt(key, index)
    }
  }
  const onEnter = (e: React.KeyboardEvent) => { if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) { e.preventDefault(); p.onAdd() } }
  return (
    <section className="mt-4 flex flex-col gap-2" aria-labelledby={`${uid}-lines`}>
      <h3 id={`${uid}-lines`} className="text-sm font-semibold">{p.title}</h3>
      <div className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1 text-sm">
          <label htmlFor={`${uid}-scan`} className="text-gray-700">{p.scanLabel}</label>
          <input id={`${uid}-scan`} ref={scanRef} autoFocus={p.autoFocusScan} data-testid="order-scan" className={inputCls(!!scanError)} value={scan} autoComplete="off"
            aria-invalid={scanError ? true : undefined} aria-describedby={scanError ? `${uid}-scan-err` : undefined}
            onChange={(e) => editor.setScan(e.target.value)} onKeyDown={onEnter} />
        </div>
        <div className="flex w-28 flex-col gap-1 text-sm">
          <label htmlFor={`${uid}-qty`} className="text-gray-700">{p.qtyLabel}</label>
          <input id={`${uid}-qty`} type="number" min={1} data-testid="order-scan-qty" className={inputCls(false)} value={qty} onChange={(e) => editor.setQty(e.target.value)} onKeyDown={onEnter} />
        </div>
      </div>
      {scanError && <p id={`${uid}-scan-err`} role="alert" className="text-xs text-red-600" data-testid="order-scan-error">{scanError}</p>}
      {linesError && <p role="alert" className="text-xs text-red-600" data-testid="order-lines-error">{linesError}</p>}
      {lines.length === 0 ? <p className="text-sm text-gray-500">{p.emptyText}</p> : (
        <table ref={tableRef} className="w-full text-sm" data-testid="order-form-lines">
          <thead className="text-left text-gray-500">
            <tr>
              <th scope="col" className="py-1">{p.lineNoHeader}</th>
              {p.columns.map((c, i) => <th key={i} scope="col">{c.header}</th>)}
              <th scope="col" className="w-28">{p.qtyLabel}</th>
              <th scope="col">{p.removeHeader && <span className="sr-only">{p.removeHeader}</span>}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => {
              const codeErr = p.errOf(`lines.${i}.code`)
              const qtyErr = p.errOf(`lines.${i}.qty`)
              return (
                <tr key={l.key} className="border-t align-top" data-line={i + 1} onKeyDown={(e) => lineKeys(e, l.key, i)}>
                  <td className="py-1 tabular-nums">{i + 1}</td>
                  {p.columns.map((c, j) => (
                    <td key={j} className={c.className}>
                      {c.cell(l)}
                      {c.codeError && codeErr && <p role="alert" className="font-sans text-xs text-red-600" data-testid={`line-error-${i + 1}`}>{codeErr}</p>}
                    </td>
                  ))}
                  <td>
                    <input type="number" min={1} data-line-qty="" aria-label={p.qtyAria(l, i)} className={`${inputCls(!!qtyErr)} w-24`} value={Number.isFinite(l.qty) ? l.qty : ''}
                      aria-invalid={qtyErr ? true : undefined} onChange={(e) => editor.setLineQty(l.key, e.target.value === '' ? NaN : Number(e.target.value))} />
                    {qtyErr && <p role="alert" className="text-xs text-red-600">{qtyErr}</p>}
                  </td>
                  <td>
                    <button type="button" data-line-remove="" className="h-7 rounded border px-2 text-xs" aria-label={p.removeAria(i)} aria-keyshortcuts="Alt+Backspace Delete" onClick={() => removeAt(l.key, i)}>×</button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** The form's end: its general refusal, the keys hint, cancel and save (`saveLabel`, `keys`: i18n keys). */
export function FormFooter({ formError, keys, saveLabel, busy, onCancel, onSave }: { formError: string | null; keys: string; saveLabel: string; busy: boolean; onCancel(): void; onSave(): void }) {
  const { t } = useTranslation()
  return (
    <>
      {formError && <p role="alert" className="mt-3 text-sm text-red-600" data-testid="order-form-error">{formError}</p>}
      <p className="mt-3 text-xs text-gray-500">{t(keys)}</p>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onCancel}>{t('common:cancel')}</button>
        <button type="button" className="h-8 rounded bg-[var(--theme,#1890ff)] px-3 text-sm text-white disabled:opacity-50" disabled={busy} data-testid="order-save" onClick={onSave}>
          {t(saveLabel)}
        </button>
      </div>
    </>
  )
}
