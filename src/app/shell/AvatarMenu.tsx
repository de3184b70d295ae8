// Avatar menu (spec section 2 "Menu links"): dashboard (/), /profile, logout. headlessui Menu gives
// arrow-key navigation, Enter, Escape and focus return.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { session } from '../state/session'
import { logout } from '../state/session-flow'
import { showToast } from '../state/toast'

export function AvatarMenu() {
  const { t } = useTranslation()
  const s = useSnapshot(session)
  const name = s.employeeName || s.username
  return (
    <Menu as="div" className="relative">
      <MenuButton data-testid="avatar-menu" aria-label={t('shell:avatar.label', { name })}
        className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-100">
        {s.avatar
          ? <img src={s.avatar} alt="" className="h-7 w-7 rounded-full object-cover" />
          // The initial is drawn (CSS content), not text: the button's visible text stays the name its label contains.
          : <span aria-hidden="true" data-initial={name.slice(0, 1).toUpperCase()} className="flex h-7 w-7 items-center justify-center rounded-full bg-[var(--theme)] text-xs font-semibold text-white before:content-[attr(data-initial)]" />}
        <span className="hidden max-w-[8rem] truncate md:inline">{name}</span>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-1 w-44 rounded border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none">
        <MenuItem>
          <button type="button" onClick={() => navigate('/')} className="block w-full px-3 py-1.5 text-left data-[focus]:bg-blue-50">{t('shell:avatar.dashboard')}</button>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={() => navigate('/profile')} className="block w-full px-3 py-1.5 text-left data-[focus]:bg-blue-50">{t('shell:avatar.profile')}</button>
        </MenuItem>
        <MenuItem>
          <button type="button" data-testid="logout" onClick={() => void logout(window.location.pathname + window.location.search, (p) => navigate(p)).catch((e: unknown) => showToast('error', e instanceof Error ? e.message : String(e)))}
            className="block w-full border-t border-slate-100 px-3 py-1.5 text-left data-[focus]:bg-blue-50">{t('shell:avatar.logout')}</button>
        </MenuItem>
      </MenuItems>
    </Menu>
  )
}
