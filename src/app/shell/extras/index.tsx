// STUB — replaced by the shell-extras work. Exports are the contract the layout mounts.
export function NoticeBell() { return null }
export function AnnouncementDialog() { return null }
export function ReleaseBanner() { return null }
export function FeedbackDialog() { return null }
export function SettingsDrawer() { return null }
export function VersionBanner() { return null }
export function PageFooter() { return null }
export function OnlineHelp() { return null }
export function ErrorLogButton() { return null }
export function MyFilesMenu() { return null }
export function ClearCacheButton() { return null }
export function PdaQrDialog() { return null }
export function EmbeddedPage(_props: { iframeUrl: string; meta: Record<string, unknown> }) { return null }
export function initErrorReporting(): void {}
