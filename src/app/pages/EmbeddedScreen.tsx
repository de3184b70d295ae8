// Menu entries with component 'EmbeddedPage' show meta.iframeUrl in the extras' sandboxed frame.
import { EmbeddedPage } from '../shell/extras'
import type { ScreenProps } from './kit'

export default function EmbeddedScreen({ route }: ScreenProps) {
  const url = typeof route.meta.iframeUrl === 'string' ? route.meta.iframeUrl : ''
  return <EmbeddedPage iframeUrl={url} meta={route.meta} />
}
