// The exception register's commands in the browser (issue 21 part N), without a server: where each row's
// resolving action and document open, and when "mark processed" is offered — the machine's verdict over
// the selection, all or nothing, with the refused row's reason (the server refuses with the same key).
import { describe, it, expect } from 'vitest'
import { commandRegistry } from '../../commands/index'
import { commandEnabled, type CommandContext } from '../../src/domain/commands'
import { actionPath, documentPath, EXCEPTION_PATH } from '../../commands/outbound-exceptions'

const ctx = (selection: Record<string, unknown>[], route = EXCEPTION_PATH): CommandContext => ({
  permissions: new Set(), roles: ['admin'], userId: 1, tenantId: 1, warehouseId: 26, language: 'en', route, selection,
})
const stopped = { rowKey: 'stopped:CK1', docType: 'outboundOrder', docNo: 'CK1', status: 0, action: 'handle', actionNo: null }
const returning = { rowKey: 'stopped:CK2', docType: 'outboundOrder', docNo: 'CK2', status: 0, action: 'returnShelf', actionNo: 'HJ1' }
const diff = { rowKey: 'pickDiff:CY1', docType: 'pickDiff', docNo: 'CY1', status: 0, action: 'resolveDiff', actionNo: 'CY1' }
const station = { rowKey: 'review:XCK3', docType: 'outboundOrder', docNo: 'CK3', status: 0, action: 'reviewException', actionNo: 'CK3' }
const done = { rowKey: 'loading:A7', docType: 'containerLoading', docNo: 'ZG1', status: 1, action: null, actionNo: null }

describe('exception register commands', () => {
  it('each row resolves where its action is done, and its number opens its document', () => {
    expect(actionPath(returning)).toBe('/stock-out-abnormal/stop-stock-out?task=HJ1')
    expect(actionPath(diff)).toBe('/stock-out-abnormal/pick-diff?diffNo=CY1')
    expect(actionPath(station)).toBe('/stock-out/ToC/reviewpackaging?exception=1')
    expect(actionPath(stopped)).toBeNull()
    expect(documentPath(stopped)).toBe('/stock-out/ToC/sales-outbound/details?orderNo=CK1')
    expect(documentPath(diff)).toBe('/stock-out-abnormal/pick-diff?diffNo=CY1')
    expect(documentPath(done)).toBe('/container-load/loading-detail?no=ZG1')
  })

  it('mark processed: enabled for rows with nothing left elsewhere; a mixed selection is refused naming the row', () => {
    const handle = commandRegistry.get('outbound.exception.handle')!
    expect(commandEnabled(handle, ctx([stopped]))).toBe(true)
    expect(commandEnabled(handle, ctx([stopped, returning]))).toEqual({ key: 'exceptions:errors.returnFirst', params: { docNo: 'CK2', taskNo: 'HJ1' } })
    expect(commandEnabled(handle, ctx([diff]))).toEqual({ key: 'exceptions:errors.resolveDiff', params: { docNo: 'CY1' } })
    expect(commandEnabled(handle, ctx([station]))).toEqual({ key: 'exceptions:errors.reviewAtStation', params: { docNo: 'CK3' } })
    expect(commandEnabled(handle, ctx([done]))).toMatchObject({ key: 'exceptions:errors.processed', params: { docNo: 'ZG1', current: ['dict:handlingStatus.1'] } })
    expect(commandEnabled(handle, ctx([]))).toBe('common:validation.selectAtLeastOne')
    // Only on the register.
    expect(handle.when!(ctx([stopped], '/stock-in/inbound-order'))).toBe(false)
  })

  it('resolve: offered where the action is done elsewhere; a row handled here says so', () => {
    const resolve = commandRegistry.get('outbound.exception.resolve')!
    expect(commandEnabled(resolve, ctx([diff]))).toBe(true)
    expect(commandEnabled(resolve, ctx([stopped]))).toEqual({ key: 'exceptions:errors.handleHere', params: { docNo: 'CK1' } })
    expect(commandEnabled(resolve, ctx([done]))).toEqual({ key: 'exceptions:errors.nothingToDo', params: { docNo: 'ZG1' } })
  })
})
