// Menu icons by the catalog's icon names. Plain glyphs (no icon font to load); decorative only —
// every entry is named by its title, so these are aria-hidden.
const GLYPHS: Record<string, string> = {
  dashboard: '▦', database: '▤', goods: '◈', inbound: '⇲', outbound: '⇱', stock: '▥', warehouse: '⌂', container: '▣',
  partner: '⚇', transfer: '⇄', replenish: '↻', rule: '≡', chart: '▟', performance: '◔', printer: '⎙', setting: '⚙',
  tool: '⚒', version: '⑂', lock: '⚿', file: '▯', ship: '⚓', attr: '⌗', consumables: '◍', warning: '⚠', work: '⚑',
  search: '⌕', star: '★', starEmpty: '☆',
}

export function MenuIcon({ name, className = '' }: { name?: string; className?: string }) {
  return <span aria-hidden="true" className={`inline-flex w-5 shrink-0 justify-center ${className}`}>{(name && GLYPHS[name]) || '•'}</span>
}
