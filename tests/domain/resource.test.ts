// The resource model's pure parts: field schemas by kind (enum values from their dictionary, codes,
// decimals), the create/update schemas, permission codes, labels, and the generated commands' shape.
import { describe, it, expect } from 'vitest'
import { defineResource, fieldSchema, labelFieldOf, permissionOf, commandIdOf, resourceActions, resourceSchemas } from '../../src/domain/resource'
import { commandTitleKey, editArgsOf, resourceCommandList, screenPathOf, statusArgsOf } from '../../commands/resources'
import { shortcutClashes } from '../../src/domain/commands'

const demo = defineResource({
  name: 'demoThing', table: 'demo_thing', scope: 'warehouse', menuCode: 'location', component: 'x', ns: 'res-warehouse',
  fields: {
    code: { kind: 'code', required: true, unique: true, maxLength: 10 },
    name: { kind: 'text', required: true },
    qty: { kind: 'decimal', min: 0 },
    kind: { kind: 'enum', dict: 'locationType', required: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
    note: { kind: 'textarea' },
    secret: { kind: 'text', readOnly: true },
  },
  list: { columns: ['code', 'name', 'status'], filters: { q: 'text', status: 'enum' }, search: ['code', 'name'], defaultSort: 'code:asc' },
  form: [['code', 'name'], ['kind', 'status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
  delete: 'hard',
  actions: [{ action: 'boxCeiling', title: 'x:y', index: 1 }],
})

describe('field schemas', () => {
  it('enum: only the dictionary values; numeric dictionaries give numbers', () => {
    const num = fieldSchema({ kind: 'enum', dict: 'enabledFlag', required: true })
    expect(num.parse(1)).toBe(1)
    expect(num.parse('0')).toBe(0)
    expect(num.safeParse(7).success).toBe(false)
    const str = fieldSchema({ kind: 'enum', dict: 'locationType', required: true })
    expect(str.parse('fullBox')).toBe('fullBox')
    const bad = str.safeParse('pallet')
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0].message).toBe('errors:field.invalidValue')
  })

  it('code: capital letters, digits and dash by default; decimals up to 4 places', () => {
    const code = fieldSchema({ kind: 'code', required: true })
    expect(code.safeParse('A-01').success).toBe(true)
    expect(code.safeParse('a 01').success).toBe(false)
    const dec = fieldSchema({ kind: 'decimal', min: 0 })
    expect(dec.safeParse(1.2345).success).toBe(true)
    expect(dec.safeParse(1.23456).success).toBe(false)
    expect(dec.safeParse(-1).success).toBe(false)
  })
})

describe('create and update schemas', () => {
  const { create, update } = resourceSchemas(demo)
  it('create: required fields required, defaults optional, read-only and unknown fields refused', () => {
    expect(create.safeParse({ code: 'A1', name: 'x', kind: 'sample' }).success).toBe(true)
    const missing = create.safeParse({ code: 'A1', kind: 'sample' })
    expect(missing.error!.issues.map((i) => i.path[0])).toEqual(['name'])
    expect(create.safeParse({ code: 'A1', name: 'x', kind: 'sample', secret: 's' }).success).toBe(false)
    expect(create.safeParse({ code: 'A1', name: 'x', kind: 'sample', bogus: 1 }).success).toBe(false)
  })
  it('update: everything optional, still validated', () => {
    expect(update.safeParse({}).success).toBe(true)
    expect(update.safeParse({ kind: 'pallet' }).success).toBe(false)
    expect(editArgsOf(demo).safeParse({ name: 'x' }).success).toBe(false)
    expect(editArgsOf(demo).safeParse({ id: 3, name: 'x' }).success).toBe(true)
  })
  it('status args: ids 1..500 and a value of the status dictionary', () => {
    const s = statusArgsOf(demo)
    expect(s.parse({ ids: [1, 2], status: '0' })).toEqual({ ids: [1, 2], status: 0 })
    expect(s.safeParse({ ids: [], status: 0 }).success).toBe(false)
    expect(s.safeParse({ ids: [1], status: 5 }).success).toBe(false)
    expect(s.safeParse({ ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 0 }).success).toBe(false)
  })
})

describe('names', () => {
  it('actions, kebab-case permission codes, command ids, label field', () => {
    expect(resourceActions(demo)).toEqual(['add', 'edit', 'status', 'delete', 'export', 'boxCeiling'])
    expect(permissionOf(demo, 'boxCeiling')).toBe('location:box-ceiling')
    expect(permissionOf(demo, 'add')).toBe('location:add')
    expect(commandIdOf(demo, 'boxCeiling')).toBe('resource.demoThing.boxCeiling')
    expect(labelFieldOf(demo)).toBe('name')
    expect(labelFieldOf({ ...demo, label: 'code' })).toBe('code')
    expect(labelFieldOf({ ...demo, fields: { code: demo.fields.code } } as never)).toBe('code')
  })
})

describe('generated commands', () => {
  it('every resource action has one command with its permission, titled by its generated key', () => {
    const byId = new Map(resourceCommandList.map((c) => [c.id, c]))
    const location = resourceCommandList.filter((c) => c.id.startsWith('resource.location.'))
    expect(location.length).toBeGreaterThan(5)
    const add = byId.get('resource.location.add')!
    expect(add).toMatchObject({ permission: 'location:add', server: true, title: 'resources:command.location.add' })
    expect(byId.get('resource.location.edit')).toMatchObject({ selection: 'one', server: true })
    expect(byId.get('resource.location.status')).toMatchObject({ selection: 'many', server: true, permission: 'location:status' })
    expect(byId.get('resource.location.disable')).toMatchObject({ selection: 'many', permission: 'location:status' })
    expect(byId.get('resource.location.disable')!.server).toBeFalsy()
    expect(byId.get('resource.location.export')!.server).toBeFalsy()
    expect(commandTitleKey(demo, 'add')).toBe('resources:command.demoThing.add')
    expect(shortcutClashes(resourceCommandList)).toEqual([])
  })

  it('row commands are offered on their own screen only; add everywhere', () => {
    const path = screenPathOf({ ...demo })!
    expect(path).toMatch(/\/location$/)
    const edit = resourceCommandList.find((c) => c.id === 'resource.location.edit')!
    const add = resourceCommandList.find((c) => c.id === 'resource.location.add')!
    const ctx = (route: string) => ({ permissions: new Set<string>(), roles: ['admin'], userId: 1, tenantId: 1, warehouseId: 26, language: 'en' as const, route, selection: [] })
    expect(edit.when!(ctx(path))).toBe(true)
    expect(edit.when!(ctx('/stock-in/inbound-order'))).toBe(false)
    expect(add.when).toBeUndefined()
  })

  it('without args, dialog commands open the resource panels; with args they call the server', async () => {
    const calls: unknown[] = []
    const rt = {
      navigate() {}, toast() {}, effect() {},
      open: (panel: string, props?: Record<string, unknown>) => { calls.push(['open', panel, props]) },
      callServer: async (id: string, args: unknown) => { calls.push(['call', id, args]); return { deleted: 2 } as never },
    }
    const ctx = { permissions: new Set<string>(), roles: ['admin'], userId: 1, tenantId: 1, warehouseId: 26, language: 'en' as const, route: '', selection: [{ id: 5 }, { id: 6 }] }
    const get = (id: string) => resourceCommandList.find((c) => c.id === id)!
    await get('resource.location.add').run!(ctx, rt)
    await get('resource.location.edit').run!({ ...ctx, selection: [{ id: 5 }] }, rt)
    await get('resource.location.disable').run!(ctx, rt)
    await get('resource.location.add').run!(ctx, rt, { code: 'X' })
    expect(calls).toEqual([
      ['open', 'resourceForm', { resource: 'location' }],
      ['open', 'resourceForm', { resource: 'location', id: 5 }],
      ['open', 'resourceStatus', { resource: 'location', ids: [5, 6], status: 0 }],
      ['call', 'resource.location.add', { code: 'X' }],
    ])
  })
})
