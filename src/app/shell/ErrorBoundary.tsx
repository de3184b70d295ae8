// Keeps one broken page from taking the shell down: the error goes to the error log and error
// reporting; the page area shows a message with a retry.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { i18next } from '../i18n'
import { logError } from './api-hooks'
import { reportError } from './extras'

interface State { error: Error | null }

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logError({ message: error.message, stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}` })
    reportError(error)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div role="alert" className="rounded border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-medium">{i18next.t('shell:pageError.message')}</p>
        <p className="mt-1 text-xs">{this.state.error.message}</p>
        <button type="button" className="mt-3 rounded border border-red-300 bg-white px-3 py-1" onClick={() => this.setState({ error: null })}>
          {i18next.t('shell:pageError.retry')}
        </button>
      </div>
    )
  }
}
