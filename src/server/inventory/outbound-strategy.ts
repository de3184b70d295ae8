// The outbound rules of a warehouse+tenant as the outbound flow reads them (issue 12 §3; spec sections
// 3 "Rules", 5 "Priority … lower number higher priority" and 9 "Storage rules"): only enabled rules,
// each kind sorted by priority (lower first). The rows are the resources of
// src/domain/resources/outbound/ (migration 0031), read through their derived drizzle tables.
//   strategyFor   — the allocation strategy of an order type (the enabled outbound strategy with the
//                   lowest priority for it; a strategy without order type applies to both), else the default;
//   waveRulesFor  — the enabled wave rules;
//   enabledRules  — all four kinds at once (GET /wms-in/rules/findRules).
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { resourceTables } from '../db/schema/resources'
import type { ResourceTable } from '../resources/table'
import { DEFAULT_STRATEGY, type AllocationStrategy } from './allocation'
import { EnabledFlag, OrderType, type ORDER_SPLIT_BY, type OUTBOUND_STRATEGIES, type PICKING_TASK_MODES, type PlatformCode, type WAVE_ITEM_KINDS } from '../../domain/dictionaries'
import { waveRuleResource, pickingMergeRuleResource, orderSplittingRuleResource, outboundStrategyResource } from '../../domain/resources/outbound/index'
import type { ResourceDef } from '../../domain/resource'

export interface RuleScope { tenantId: number; warehouseId: number }

/** What every rule row carries. */
interface RuleBase { id: number; name: string; priority: number; status: number; remark: string | null }

export interface WaveRule extends RuleBase {
  /** null: any platform. */
  platform: PlatformCode | null
  /** Empty: any shop. */
  shopIds: number[]
  shippingMethod: string | null
  itemKind: (typeof WAVE_ITEM_KINDS)[number]
  minSkuCount: number | null
  maxSkuCount: number | null
  /** Orders per wave (1..1000). */
  maxOrders: number
  /** Quantity per wave; null: no limit. */
  maxQty: number | null
  /** 'HH:MM'; null: none. */
  cutoffTime: string | null
  /** dict pickMode: PickingBySeed 1, OrdinaryPicking 2. */
  pickMode: number
  /** whole: one picking task per order; bulk: one task for the wave. */
  taskMode: (typeof PICKING_TASK_MODES)[number]
}

export interface PickingMergeRule extends RuleBase {
  maxOrdersPerTask: number
  maxQtyPerTask: number | null
  sameAreaOnly: boolean
}

export interface OrderSplittingRule extends RuleBase {
  splitBy: (typeof ORDER_SPLIT_BY)[number]
  maxQty: number | null
  maxLines: number | null
}

export interface OutboundStrategyRule extends RuleBase {
  order: (typeof OUTBOUND_STRATEGIES)[number]
  bulkFirst: boolean
  /** dict orderType: TOB 1, TOC 2; null: both. */
  orderType: number | null
  /** Storage areas stock may be allocated from, in order; empty: every allocatable area. */
  areaIds: number[]
}

export interface EnabledRules {
  waveRules: WaveRule[]
  pickingMergeRules: PickingMergeRule[]
  orderSplittingRules: OrderSplittingRule[]
  outboundStrategies: OutboundStrategyRule[]
}

/** The enabled rows of one rule resource in the scope, by priority (field names; id lists never null). */
async function enabledOf<T>(q: Queryable, def: ResourceDef<any>, scope: RuleScope, extra?: (t: ResourceTable) => SQL | undefined): Promise<T[]> {
  const t = resourceTables[def.name]
  const fields = Object.keys(def.fields)
  const cols = Object.fromEntries([['id', t.id], ...fields.map((f) => [f, t[f]])])
  const where = and(eq(t.tenantId, scope.tenantId), eq(t.warehouseId, scope.warehouseId), eq(t.status, EnabledFlag.Enabled), extra?.(t))
  const rows = await q.select(cols as never).from(t).where(where).orderBy(asc(t.priority)) as Record<string, unknown>[]
  const lists = fields.filter((f) => def.fields[f].kind === 'refMany')
  return rows.map((r) => ({ ...r, ...Object.fromEntries(lists.map((f) => [f, (r[f] as number[] | null) ?? []])) })) as T[]
}

/** Enabled wave rules of the warehouse+tenant, lowest priority number first. */
export async function waveRulesFor(q: Queryable, scope: RuleScope): Promise<WaveRule[]> {
  return enabledOf<WaveRule>(q, waveRuleResource, scope)
}

/**
 * The allocation strategy of an order of `orderType` (dict orderType: TOB 1, TOC 2): the enabled
 * outbound strategy with the lowest priority number whose order type is that one or none; without any,
 * DEFAULT_STRATEGY with no area restriction. A ToB order is bulk first unless a ToB strategy says not.
 */
export async function strategyFor(q: Queryable, scope: RuleScope, orderType: number): Promise<AllocationStrategy & { areaIds: number[] }> {
  const [s] = await enabledOf<OutboundStrategyRule>(q, outboundStrategyResource, scope, (t) => or(isNull(t.orderType), eq(t.orderType, orderType)))
  // Issue 21 part J, spec section 9 "ToB … bulk location priority": a ToB order ships cartons, so it takes
  // bulk (full-box) locations first unless a strategy of its own type (order_type TOB) says otherwise; a
  // strategy for both types, or none, keeps its FIFO/lot order and areas but is bulk first for ToB.
  const tobBulk = orderType === TOB && s?.orderType !== TOB
  return s ? { order: s.order, bulkFirst: s.bulkFirst || tobBulk, areaIds: s.areaIds } : { ...DEFAULT_STRATEGY, bulkFirst: DEFAULT_STRATEGY.bulkFirst || tobBulk, areaIds: [] }
}
/** dict orderType TOB. */
const TOB: number = OrderType.TOB

/** Every enabled rule of the warehouse+tenant by kind, each sorted by priority. */
export async function enabledRules(q: Queryable, scope: RuleScope): Promise<EnabledRules> {
  return {
    waveRules: await waveRulesFor(q, scope),
    pickingMergeRules: await enabledOf<PickingMergeRule>(q, pickingMergeRuleResource, scope),
    orderSplittingRules: await enabledOf<OrderSplittingRule>(q, orderSplittingRuleResource, scope),
    outboundStrategies: await enabledOf<OutboundStrategyRule>(q, outboundStrategyResource, scope),
  }
}
