// /index — embeds the gateway page in a frame (spec section 2), outside the sign-in check. The frame
// address comes from ?url= when it is a same-site path (never another host: no open embedding), else
// the API documentation page, the gateway this server offers.
import { EmbeddedPage } from '../shell/extras'

export const DEFAULT_GATEWAY = '/api/docs'

export function gatewayUrl(search: string): string {
  const raw = new URLSearchParams(search).get('url')
  return raw && raw.startsWith('/') && !raw.startsWith('//') ? raw : DEFAULT_GATEWAY
}

export default function IndexGatewayPage() {
  const url = gatewayUrl(window.location.search)
  return (
    <main className="h-full">
      <EmbeddedPage iframeUrl={url} meta={{ title: 'shell:index.title', iframeUrl: url }} />
    </main>
  )
}
