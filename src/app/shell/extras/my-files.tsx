// "My files" dropdown (spec section 2): export files, SFS file import, SQL export. headlessui Menu
// gives arrow keys, Enter, Esc and type-ahead.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { btn } from './ui-kit'

export const MY_FILES_LINKS = [
  { path: '/import-file/export-file', label: 'extras:myFiles.exports' },
  { path: '/file-export/sfs-file-import', label: 'extras:myFiles.imports' },
  { path: '/import-file/sql-export', label: 'extras:myFiles.sqlExports' },
] as const

export function MyFilesMenu() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <Menu as="div" className="relative">
      <MenuButton className={btn.icon} aria-label={t('extras:myFiles.title')} data-testid="my-files">
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" /></svg>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-1 w-56 rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none">
        {MY_FILES_LINKS.map((l) => (
          <MenuItem key={l.path}>
            <button type="button" onClick={() => navigate(l.path)} className="block w-full px-4 py-2 text-left text-sm data-[focus]:bg-gray-100">
              {t(l.label)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}
