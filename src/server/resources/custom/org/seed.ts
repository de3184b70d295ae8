// Demo data of the org group (brief "Demo data"): the company's details,
// a department tree, one staff row per demo user (same username, department by role), suppliers and
// forwarders of both tenants, carriers with service channels, shop details (one consignment shop), and
// exchange rates with their daily rates of the last two weeks from the rate simulator (today's included).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../../../db/client'
import { DEMO_USERS } from '../../../db/seed/demo'
import { rowsOf } from '../../../db/rows'
import { round4, simulatedRate } from './rate-simulator'

/** Department of each demo user's staff row, by role. */
const DEPT_BY_ROLE: Record<string, string> = {
  admin: 'IT', supervisor: 'WH-OPS', receiver: 'WH-DG', shelver: 'WH-LA', picker: 'WH-GDL', reviewer: 'WH-DG', shipper: 'WH-LA',
}

const DEPARTMENTS: readonly (readonly [code: string, name: string, parent: string | null, type: number, leader: string | null, sort: number])[] = [
  ['HQ', 'Stride & Thread Co.', null, 1, 'Admin', 0],
  ['WH-OPS', 'Warehouse operations', 'HQ', 2, 'Sofía Supervisor', 10],
  ['WH-DG', 'Dongguan DC team', 'WH-OPS', 3, 'Rui Receiver', 10],
  ['WH-YW', 'Yiwu DC team', 'WH-OPS', 3, null, 20],
  ['WH-LA', 'Los Angeles team', 'WH-OPS', 3, 'Sam Shelver', 30],
  ['WH-GDL', 'Guadalajara team', 'WH-OPS', 3, 'Paola Picker', 40],
  ['PURCH', 'Purchasing', 'HQ', 2, null, 20],
  ['FIN', 'Finance', 'HQ', 2, null, 30],
  ['IT', 'IT & administration', 'HQ', 2, 'Admin', 40],
]

/** [currency, name, symbol, main, mode, status]; manual currencies keep a hand-entered rate. */
const CURRENCIES: readonly (readonly [string, string, string, boolean, 'manual' | 'automatic', number])[] = [
  ['USD', 'US dollar', '$', true, 'automatic', 1],
  ['CNY', 'Chinese yuan', '¥', false, 'automatic', 1],
  ['MXN', 'Mexican peso', 'MX$', false, 'automatic', 1],
  ['CAD', 'Canadian dollar', 'C$', false, 'automatic', 1],
  ['EUR', 'Euro', '€', false, 'automatic', 1],
  ['GBP', 'Pound sterling', '£', false, 'manual', 1],
  ['JPY', 'Japanese yen', '¥', false, 'manual', 0],
]
const MANUAL_RATE: Record<string, number> = { GBP: 0.7875, JPY: 150.5 }
const HISTORY_DAYS = 14

const dayString = (d: Date) => d.toISOString().slice(0, 10)

export async function seedOrgResources(tx: AppTx): Promise<void> {
  // The demo company's details (it stays the only company: everyone's tests rely on company 1 alone).
  await tx.execute(sql`UPDATE company SET short_name = 'Stride & Thread', tax_id = '91441900MA5DEMO01X',
    address = '88 Chang''an Industrial Road, Dongguan, Guangdong', phone = '+86 769 2200 0000', email = 'office@stride-thread.example'
    WHERE code = 'DEMO'`)

  // Departments, parents first.
  for (const [code, name, parent, type, leader, sort] of DEPARTMENTS) {
    await tx.execute(sql`INSERT INTO department (code, name, parent_id, dept_type, company_id, leader, sort)
      VALUES (${code}, ${name}, (SELECT id FROM department WHERE code = ${parent}), ${type}, (SELECT id FROM company WHERE code = 'DEMO'), ${leader}, ${sort})`)
  }

  // Staff: one per demo user, joined over the last years.
  for (const [i, u] of DEMO_USERS.entries()) {
    await tx.execute(sql`INSERT INTO staff (username, name, nickname, email, phone, department_id, join_date, working_status)
      VALUES (${u.username}, ${u.employeeName}, ${u.employeeName.split(' ')[0]}, ${u.email}, ${u.phone},
              (SELECT id FROM department WHERE code = ${DEPT_BY_ROLE[u.role] ?? 'WH-OPS'}), ${`20${21 + (i % 5)}-0${1 + (i % 9)}-15`}::date, 1)`)
  }
  // A colleague on leave, so the working-status filter has something to show.
  await tx.execute(sql`INSERT INTO staff (username, name, nickname, email, phone, department_id, join_date, working_status)
    VALUES ('lin.hua', 'Lin Hua', 'Lin', 'lin.hua@stride-thread.example', '+86 769 2200 0019', (SELECT id FROM department WHERE code = 'WH-YW'), '2022-03-01', 0)`)

  // Suppliers: tenant 1 footwear, tenant 2 apparel.
  await tx.execute(sql`INSERT INTO supplier (tenant_id, code, name, supplier_type, tax_id, bank_name, bank_card, address, return_address, pay_type, minimum_purchase, tax_rate, certificate_files)
    VALUES
      (1, 'SUP-DGSHOE', 'Dongguan Everstep Footwear Co., Ltd.', 'manufacturer', '91441900MA4EVER01K', 'Bank of China Dongguan', '6217857000012345678', 'Houjie Town, Dongguan, Guangdong', 'Gate 3, Houjie Town, Dongguan', 'monthlySettlement', 300, 13, '[]'::jsonb),
      (1, 'SUP-JJSOLE', 'Jinjiang Solecraft Industry Co., Ltd.', 'manufacturer', '91350582MA2SOLE77P', 'ICBC Jinjiang', '6222021408001234567', 'Chendai Town, Jinjiang, Fujian', 'Chendai Town, Jinjiang, Fujian', 'prepayment', 500, 13, '[]'::jsonb),
      (1, 'SUP-LEON', 'Curtidos y Calzado León S.A. de C.V.', 'manufacturer', 'CCL0807143K2', 'BBVA México', '012320001234567891', 'Blvd. Hilario Medina 1502, León, Gto.', 'Blvd. Hilario Medina 1502, León, Gto.', 'monthlySettlement', 200, 16, '[]'::jsonb),
      (1, 'SUP-LACES', 'Yiwu Bright Laces Trading', 'distributor', '91330782MA2LACE11Q', 'Agricultural Bank Yiwu', '6228480123456789012', 'Futian Market, Yiwu, Zhejiang', 'Futian Market, Yiwu, Zhejiang', 'cashOnDelivery', 1000, 3, '[]'::jsonb),
      (2, 'SUP-HZTEX', 'Hangzhou Silkline Garments Co., Ltd.', 'manufacturer', '91330100MA27SILK3A', 'China Construction Bank Hangzhou', '6217001540012345678', 'Xiaoshan District, Hangzhou, Zhejiang', 'Xiaoshan District, Hangzhou, Zhejiang', 'monthlySettlement', 500, 13, '[]'::jsonb),
      (2, 'SUP-GZDENIM', 'Guangzhou Indigo Denim Works', 'manufacturer', '91440101MA59DENM8C', 'Bank of Guangzhou', '6225880212345678', 'Xintang Town, Zengcheng, Guangzhou', 'Xintang Town, Zengcheng, Guangzhou', 'prepayment', 300, 13, '[]'::jsonb),
      (2, 'SUP-LABELS', 'Shenzhen PrintTag Service Co.', 'serviceProvider', '91440300MA5TAGS22D', 'China Merchants Bank Shenzhen', '6214830123456789', 'Bao''an District, Shenzhen', 'Bao''an District, Shenzhen', 'monthlySettlement', 5000, 6, '[]'::jsonb)`)

  // Forwarders with contacts.
  await tx.execute(sql`INSERT INTO forwarder (tenant_id, code, name, forwarder_type, tax_id, contacts)
    VALUES
      (1, 'FWD-OCEANLINK', 'OceanLink Logistics (Shenzhen)', 'sea', '91440300MA5OCEAN7', ${JSON.stringify([{ name: 'Chen Jing', phone: '+86 755 8800 1200', email: 'chen.jing@oceanlink.example' }, { name: 'Mark Ruiz', phone: '+1 310 555 0188', email: 'mark.ruiz@oceanlink.example' }])}::jsonb),
      (1, 'FWD-SKYBRIDGE', 'SkyBridge Air Cargo', 'air', '91440101MA59SKYB4', ${JSON.stringify([{ name: 'Helen Wu', phone: '+86 20 3600 7788', email: 'helen.wu@skybridge.example' }])}::jsonb),
      (1, 'FWD-RAILEX', 'China–Mexico RailEx', 'railway', NULL, ${JSON.stringify([{ name: 'Diego Fuentes', phone: '+52 33 3000 4455', email: null }])}::jsonb),
      (2, 'FWD-OCEANLINK', 'OceanLink Logistics (Shenzhen)', 'sea', '91440300MA5OCEAN7', ${JSON.stringify([{ name: 'Chen Jing', phone: '+86 755 8800 1200', email: 'chen.jing@oceanlink.example' }])}::jsonb),
      (2, 'FWD-EXPRESSWAY', 'ExpressWay Courier Consolidation', 'express', '91330782MA2EXPR55', ${JSON.stringify([{ name: 'Zhou Min', phone: '+86 579 8555 0101', email: 'zhou.min@expressway.example' }])}::jsonb)`)

  // Carriers with service channels.
  const channels = (list: [string, string][]) => JSON.stringify(list.map(([code, name]) => ({ code, name })))
  await tx.execute(sql`INSERT INTO carrier (code, name, carrier_type, service_channels, status)
    VALUES
      ('UPS', 'UPS', 'express', ${channels([['UPS-GROUND', 'UPS Ground'], ['UPS-2DAY', 'UPS 2nd Day Air'], ['UPS-SAVER', 'UPS Worldwide Saver']])}::jsonb, 1),
      ('FEDEX', 'FedEx', 'express', ${channels([['FEDEX-GROUND', 'FedEx Ground'], ['FEDEX-HOME', 'FedEx Home Delivery'], ['FEDEX-IP', 'FedEx International Priority']])}::jsonb, 1),
      ('USPS', 'USPS', 'postal', ${channels([['USPS-GA', 'USPS Ground Advantage'], ['USPS-PRIORITY', 'USPS Priority Mail']])}::jsonb, 1),
      ('DHL', 'DHL Express', 'express', ${channels([['DHL-EXPRESS', 'DHL Express Worldwide'], ['DHL-ECOM', 'DHL eCommerce']])}::jsonb, 1),
      ('ESTAFETA', 'Estafeta', 'parcel', ${channels([['ESTAFETA-DIA', 'Estafeta Día Siguiente'], ['ESTAFETA-TERR', 'Estafeta Terrestre']])}::jsonb, 1),
      ('SF', 'SF Express', 'express', ${channels([['SF-STANDARD', 'SF Standard Express'], ['SF-ECONOMY', 'SF Economy']])}::jsonb, 1),
      ('XPO', 'XPO Freight', 'freight', ${channels([['XPO-LTL', 'XPO LTL']])}::jsonb, 0)`)
  // Face sheets through the carrier simulator: FedEx refuses consignees without phone; a share of the
  // simulator's purchases fails at UPS, USPS and DHL ("add-order failed, cancel postage and buy again").
  await tx.execute(sql`UPDATE carrier SET requires_phone = (code = 'FEDEX'), sim_failure_percent = CASE WHEN code IN ('UPS', 'USPS', 'DHL') THEN 10 ELSE 0 END`)

  // Shops: abbreviations and registration entity; the MX outlet sells both tenants' goods on consignment.
  await tx.execute(sql`UPDATE shop SET abbreviation = left(replace(code, '-', ''), 12), registration_entity_id = (SELECT id FROM company WHERE code = 'DEMO')`)
  await tx.execute(sql`UPDATE shop SET consignment = true, consignors = ${JSON.stringify([{ tenantId: 1, remark: 'Footwear' }, { tenantId: 2, remark: 'Apparel' }])}::jsonb
    WHERE code = 'MELI-MX-OUTLET'`)
  await tx.execute(sql`UPDATE site SET full_name = name WHERE full_name IS NULL`)

  // Exchange rates: today's and the last two weeks' daily rates (simulator for automatic currencies).
  const today = new Date()
  const days = Array.from({ length: HISTORY_DAYS }, (_, i) => dayString(new Date(today.getTime() - (HISTORY_DAYS - 1 - i) * 86_400_000)))
  const rateOn = (code: string, day: string) => (MANUAL_RATE[code] ?? simulatedRate(code, day)!)
  for (const [code, name, symbol, main, mode, status] of CURRENCIES) {
    const last = days[days.length - 1]
    const rate = rateOn(code, last)
    const rmbRate = round4(rateOn('CNY', last) / rate)
    const id = Number(rowsOf(await tx.execute(sql`INSERT INTO exchange_rate (currency_name, currency_code, symbol, main_currency, target_currency, rate, rmb_rate, rate_date, use_date, sync_mode, status)
      VALUES (${name}, ${code}, ${symbol}, ${main}, 'USD', ${rate}, ${rmbRate}, ${last}::date, ${last}::date, ${mode}, ${status}) RETURNING id`))[0].id)
    const values = days.map((d) => {
      const r = rateOn(code, d)
      return sql`(${id}, ${d}::date, ${r}, ${round4(rateOn('CNY', d) / r)}, ${mode})`
    })
    await tx.execute(sql`INSERT INTO daily_rate (currency_id, rate_date, rate, rmb_rate, sync_mode) VALUES ${sql.join(values, sql`, `)}`)
  }
}
