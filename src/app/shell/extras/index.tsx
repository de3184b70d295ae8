// Shell extras: the pieces the layout mounts around the page (spec sections 2-5, 8, 9). Each lives in
// its own file; panels open through ui.panel (openPanel), so a command and a button share one state:
//   'notices' → NoticeBell popover · 'announcement' (props {id}) → AnnouncementDialog · 'feedback' →
//   FeedbackDialog · 'settings' → SettingsDrawer · 'pdaQr' → PdaQrDialog · 'errorLog' → ErrorLogButton's dialog.
export { NoticeBell } from './notice-bell'
export { AnnouncementDialog, ReleaseBanner } from './announcement'
export { FeedbackDialog } from './feedback'
export { SettingsDrawer } from './settings'
export { VersionBanner } from './version'
export { PageFooter, PdaQrDialog } from './footer'
export { OnlineHelp } from './online-help'
export { ErrorLogButton } from './error-log'
export { MyFilesMenu } from './my-files'
export { ClearCacheButton, clearCacheAndReload } from './clear-cache'
export { EmbeddedPage } from './embedded'
export { initErrorReporting, reportError } from './error-reporting'
export { loadNotices } from './notices-model'
export { resolveFrameUrl, handleFrameMessage } from './frame'
