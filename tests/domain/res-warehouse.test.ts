// The warehouse group's declarations and pure rules: spec section 5 formats (location code, numeric
// sizes, decimals), the tray pallet cap, the nine storage area types, the vendor box ceiling args and
// "batch modify to temporary location", and the permission buttons the declarations add to the catalog.
import { describe, it, expect } from 'vitest'
import { resourceSchemas, resourceActions, permissionOf } from '../../src/domain/resource'
import { RESOURCE_BY_NAME } from '../../src/domain/resources/index'
import {
  warehouseResource, storageAreaResource, storageAreaGroupResource, shelfResource, locationResource, containerResource, jobGroupResource,
} from '../../src/domain/resources/warehouse/index'
import { BoxCeilingArgs, TemporaryArgs, temporaryVerdicts, locationCodeOf, LOCATION_CODE_KEY } from '../../src/domain/resources/warehouse/rules'
import { MENU_BY_CODE, PERMISSION_CATALOG } from '../../src/domain/menu/catalog'
import { DICTIONARIES } from '../../src/domain/dictionaries'

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`)

describe('warehouse group declarations', () => {
  it('registers every entity once, on an existing screen, with its permission buttons', () => {
    for (const def of [warehouseResource, storageAreaResource, storageAreaGroupResource, shelfResource, locationResource, containerResource, jobGroupResource]) {
      expect(RESOURCE_BY_NAME.get(def.name)).toBe(def)
      expect(MENU_BY_CODE.get(def.menuCode)?.type).toBe('M')
      for (const a of resourceActions(def)) expect(PERMISSION_CATALOG.has(permissionOf(def, a)), `${def.name}.${a}`).toBe(true)
    }
    expect(resourceActions(locationResource)).toEqual(['add', 'edit', 'status', 'import', 'export', 'boxCeiling', 'temporary'])
    expect(permissionOf(locationResource, 'boxCeiling')).toBe('location:box-ceiling')
    // Extra actions get stable derived button ids: screen id × 100 + 10 + index.
    expect(MENU_BY_CODE.get(permissionOf(locationResource, 'boxCeiling'))?.id).toBe(MENU_BY_CODE.get('location')!.id * 100 + 11)
    expect(MENU_BY_CODE.get(permissionOf(locationResource, 'temporary'))?.id).toBe(MENU_BY_CODE.get('location')!.id * 100 + 12)
  })

  it('declares the spec section 7 paths and the location import template', () => {
    expect(containerResource.specPaths).toEqual({ page: '/wms-base/basecontainer/page', base: '/wms-base/basecontainer' })
    expect(warehouseResource.specPaths?.list).toBe('/wms-base/basewarehouse/list')
    expect(storageAreaResource.specPaths?.list).toBe('/wms-base/basestoragearea/list')
    expect(locationResource.specPaths?.list).toBe('/wms-base/basewarehouselocation/list')
    expect(jobGroupResource.specPaths).toEqual({ page: '/wms-in/workgroup/pageWorkGroup', list: '/wms-in/workgroup/workGroup' })
    expect(locationResource.import).toMatchObject({ key: 'code', templateName: 'WMS_LOCATION_TEMPLATE' })
  })
})

describe('location', () => {
  const { create, update } = resourceSchemas(locationResource)
  const ok = { code: 'A01-01-01', type: 'scattered', storageAreaId: 1, status: 1 }

  it('accepts letters, digits and "-" in the code, nothing else (spec section 5)', () => {
    expect(create.safeParse(ok).success).toBe(true)
    expect(create.safeParse({ ...ok, code: 'a01-b-7' }).success).toBe(true)
    for (const bad of ['A01_01', 'A01 01', 'A01/01', 'Á01', 'A01.1']) {
      expect(issuesOf(create.safeParse({ ...ok, code: bad })), bad).toEqual([`code:${LOCATION_CODE_KEY}`])
    }
  })

  it('takes only the three location types and requires the storage area', () => {
    expect(issuesOf(create.safeParse({ ...ok, type: 'pallet' }))).toEqual(['type:errors:field.invalidValue'])
    expect(create.safeParse({ ...ok, type: 'fullBox' }).success).toBe(true)
    const r = create.safeParse({ code: 'X-1', type: 'sample', status: 1 })
    expect(r.success).toBe(false)
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['storageAreaId'])
  })

  it('keeps temporary, vendor and box ceiling out of the form: only their actions set them', () => {
    expect(issuesOf(update.safeParse({ temporary: true })).length).toBe(1)
    expect(issuesOf(update.safeParse({ boxCeiling: 10 })).length).toBe(1)
    expect(update.safeParse({ floor: 2 }).success).toBe(true)
    expect(issuesOf(update.safeParse({ floor: 0 }))).toHaveLength(1)
  })

  it('vendor box ceiling: vendor and ceiling together, a positive integer ceiling', () => {
    expect(BoxCeilingArgs.safeParse({ ids: [1, 2], vendorId: 3, boxCeiling: 40 }).success).toBe(true)
    expect(BoxCeilingArgs.safeParse({ ids: [1], vendorId: null, boxCeiling: null }).success).toBe(true)
    expect(issuesOf(BoxCeilingArgs.safeParse({ ids: [1], vendorId: 3, boxCeiling: null }))).toEqual(['boxCeiling:errors:field.required'])
    expect(issuesOf(BoxCeilingArgs.safeParse({ ids: [1], vendorId: null, boxCeiling: 5 }))).toEqual(['vendorId:errors:field.required'])
    expect(BoxCeilingArgs.safeParse({ ids: [1], vendorId: 3, boxCeiling: 0 }).success).toBe(false)
    expect(BoxCeilingArgs.safeParse({ ids: [1], vendorId: 3, boxCeiling: 2.5 }).success).toBe(false)
    expect(BoxCeilingArgs.safeParse({ ids: [], vendorId: 3, boxCeiling: 2 }).success).toBe(false)
  })

  it('batch modify to temporary: rows already temporary and unknown ids are refused, the others pass', () => {
    expect(TemporaryArgs.safeParse({ ids: [] }).success).toBe(false)
    const v = temporaryVerdicts([1, 2, 3], [{ id: 1, temporary: false }, { id: 2, temporary: true }])
    expect(v).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: false, messageKey: 'res-warehouse:rules.alreadyTemporary' },
      { id: 3, ok: false, messageKey: 'errors:notFound' },
    ])
  })

  it('builds shelf location codes shelf-layer-column, two digits each, valid by the code rule', () => {
    expect(locationCodeOf('A01', 1, 1)).toBe('A01-01-01')
    expect(locationCodeOf('F08', 4, 12)).toBe('F08-04-12')
    expect(create.safeParse({ ...ok, code: locationCodeOf('B16', 5, 8) }).success).toBe(true)
  })
})

describe('container', () => {
  const { create } = resourceSchemas(containerResource)
  const refine = containerResource.refine!

  it('six types, four statuses', () => {
    expect(DICTIONARIES.containerType.map((e) => e.value)).toEqual(['tray', 'crate', 'materialBox', 'partsBox', 'virtualTray', 'other'])
    expect(DICTIONARIES.containerStatus.map((e) => e.value)).toEqual(['0', '1', '2', '3'])
    expect(issuesOf(create.safeParse({ code: 'C-1', type: 'bag', status: 0, size: 1 }))).toEqual(['type:errors:field.invalidValue'])
    expect(issuesOf(create.safeParse({ code: 'C-1', type: 'crate', status: 7, size: 1 }))).toEqual(['status:errors:field.invalidValue'])
  })

  it('size is numeric, above 0 with up to 4 decimals', () => {
    expect(create.safeParse({ code: 'C-1', type: 'crate', status: 0, size: 0.0625 }).success).toBe(true)
    expect(create.safeParse({ code: 'C-1', type: 'crate', status: 0, size: '1' }).success).toBe(false)
    expect(issuesOf(create.safeParse({ code: 'C-1', type: 'crate', status: 0, size: 0.12345 }))).toEqual(['size:errors:field.decimals4'])
    expect(issuesOf(create.safeParse({ code: 'C-1', type: 'crate', status: 0, size: 0 }))).toEqual(['size:errors:field.tooSmall'])
  })

  it('a tray needs its pallet cap; other types do not', () => {
    expect(refine({ type: 'tray', palletCap: null })).toEqual([{ path: 'palletCap', messageKey: 'res-warehouse:rules.palletCapRequired' }])
    expect(refine({ type: 'tray' })).toHaveLength(1)
    expect(refine({ type: 'tray', palletCap: 40 })).toEqual([])
    expect(refine({ type: 'crate', palletCap: null })).toEqual([])
  })
})

describe('storage areas, shelves, groups, job groups, warehouses', () => {
  it('storage area types are the nine of spec section 9', () => {
    const { create } = resourceSchemas(storageAreaResource)
    for (let t = 1; t <= 9; t++) expect(create.safeParse({ code: 'PICK-A', name: 'Pick', type: t, status: 1 }).success, String(t)).toBe(true)
    expect(create.safeParse({ code: 'PICK-A', name: 'Pick', type: '4', status: 1 }).data?.type).toBe(4)
    expect(issuesOf(create.safeParse({ code: 'PICK-A', name: 'Pick', type: 10, status: 1 }))).toEqual(['type:errors:field.invalidValue'])
    expect(issuesOf(create.safeParse({ code: 'pick a', name: 'Pick', type: 1, status: 1 }))).toEqual(['code:errors:field.codeFormat'])
  })

  it('a required field with a default may be left out on create, never cleared', () => {
    const { create, update } = resourceSchemas(jobGroupResource)
    expect(create.safeParse({ number: 'JG-1', name: 'Night shift' }).success).toBe(true)
    expect(create.safeParse({ number: 'JG-1', name: 'Night shift', status: null }).success).toBe(false)
    expect(update.safeParse({ status: null }).success).toBe(false)
    expect(create.safeParse({ name: 'Night shift' }).success).toBe(false)
  })

  it('shelf: light/heavy, layers 1-99, columns 1-999, positive dimensions', () => {
    const { create } = resourceSchemas(shelfResource)
    const ok = { code: 'A01', type: 'light', storageAreaId: 1, layers: 5, columns: 8, layerWeight: 80.5, length: 150, width: 60, height: 240, status: 1 }
    expect(create.safeParse(ok).success).toBe(true)
    expect(issuesOf(create.safeParse({ ...ok, type: 'medium' }))).toEqual(['type:errors:field.invalidValue'])
    expect(create.safeParse({ ...ok, layers: 0 }).success).toBe(false)
    expect(create.safeParse({ ...ok, layers: 1.5 }).success).toBe(false)
    expect(create.safeParse({ ...ok, columns: 1000 }).success).toBe(false)
    expect(issuesOf(create.safeParse({ ...ok, layerWeight: -1 }))).toEqual(['layerWeight:errors:field.tooSmall'])
    expect(issuesOf(create.safeParse({ ...ok, height: 0 }))).toEqual(['height:errors:field.tooSmall'])
  })

  it('groups need at least one storage area, without repeats', () => {
    const refine = storageAreaGroupResource.refine!
    expect(refine({ areaIds: [] })).toEqual([{ path: 'areaIds', messageKey: 'errors:field.required' }])
    expect(refine({ areaIds: [1, 2, 1] })).toEqual([{ path: 'areaIds', messageKey: 'res-warehouse:rules.duplicateArea' }])
    expect(refine({ areaIds: [1, 2] })).toEqual([])
  })

  it('job group members are listed once', () => {
    expect(jobGroupResource.refine!({ memberIds: [4, 4] })).toEqual([{ path: 'memberIds', messageKey: 'res-warehouse:rules.duplicateMember' }])
    expect(jobGroupResource.refine!({ memberIds: [4, 5] })).toEqual([])
    expect(jobGroupResource.refine!({ memberIds: null })).toEqual([])
  })

  it('warehouse: area type domestic/overseas, type company/vendor, never its own physical or associated warehouse', () => {
    const { create } = resourceSchemas(warehouseResource)
    expect(create.safeParse({ code: 'US-NJ', name: 'New Jersey', warehouseLocation: 2, warehouseType: 'vendor', status: 1 }).success).toBe(true)
    expect(issuesOf(create.safeParse({ code: 'US-NJ', name: 'NJ', warehouseLocation: 3, status: 1 }))).toEqual(['warehouseLocation:errors:field.invalidValue'])
    expect(issuesOf(create.safeParse({ code: 'US-NJ', name: 'NJ', warehouseLocation: 1, warehouseType: 'partner', status: 1 }))).toEqual(['warehouseType:errors:field.invalidValue'])
    expect(warehouseResource.refine!({ id: 26, associatedWarehouseId: 26 })).toEqual([{ path: 'associatedWarehouseId', messageKey: 'res-warehouse:rules.selfReference' }])
    expect(warehouseResource.refine!({ id: 26, physicalWarehouseId: 26 })).toEqual([{ path: 'physicalWarehouseId', messageKey: 'res-warehouse:rules.selfReference' }])
    expect(warehouseResource.refine!({ id: 26, associatedWarehouseId: 31 })).toEqual([])
  })
})
