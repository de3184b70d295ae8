// The generic server side of every resource (src/domain/resource.ts). One declaration → these
// endpoints, all `auth: 'scoped'`, main envelope `{responseCode:'0001', responseDesc, data}`.
// Rows are always read and written in the caller's tenant (and warehouse, for 'warehouse' resources)
// taken from the session (x-userinfo-header) — never from the body or the query.
//
// READS (permission `menu:<menuCode>`):
//   GET /api/resources/:name?page=1&size=20&sort=<field>:asc|desc&<filters>
//       → data {records: Record[], total, page, size}. size ≤ 200; sort whitelist = list.columns
//         (+ id, createdAt, updatedAt). Filters from list.filters:
//           text  <f>=abc (contains, case-insensitive) · enum <f>=1&<f>=2 (repeated keys)
//           ref   <f>=<id>&<f>=<id> · dateRange <f>From&<f>To · numberRange <f>Min&<f>Max (both ends)
//           q=<text>  contains-search over list.search fields (OR)
//   GET /api/resources/:name/:id  → data Record (404 'errors:notFound' outside the caller's scope)
//   Record = {id, <every field by its camelCase name>, <refField>Label: string|null,
//             <refManyField>Labels: string[], createdAt, updatedAt, createdBy, updatedBy}
//             (dates 'YYYY-MM-DD', datetimes ISO strings, decimals numbers, enums as stored: number|string)
//   GET /api/resources/:name/options?q=&ids=1&ids=2&size=20 → data [{id, label}] (ref pickers; allowed
//       with read permission on this resource OR on any resource that references it)
//   GET /api/resources/:name/export?<same filters>&sort=&ids=1..50 (permission `<menuCode>:export`)
//       → xlsx stream (raw, content-disposition, x-total-count); headers = translated field labels,
//         enum cells = translated dictionary labels. 400 'grid:export.noData' when nothing matches.
//   GET /api/resources/:name/template (permission `<menuCode>:import`) → xlsx with import.columns,
//       translated headers in the operator's language (x-language-header)
//   POST /api/resources/:name/import/dry-run (permission `<menuCode>:import`; multipart, ONE part
//       named `file`, xls/xlsx ≤ 10 MB — spec section 5 messages) → data {token: string|null,
//       total, creates, updates, errors: [{row, field, column, messageKey, message}]}.
//       Writes nothing. `row` = the sheet row number (header is row 1); `column` = the header text.
//       token is null when errors is non-empty (fix the file and dry-run again); valid 30 minutes,
//       bound to the user, tenant, warehouse and resource.
//   GET /api/resources/:name/status-preview?ids=1&ids=2&status=<value> (permission `<menuCode>:status`)
//       → data {status, changes, refused, rows: [{id, label, from, to, change: boolean,
//               reason: null | messageKey, message: null | translated}]}
//       reasons: 'resources:status.already', 'resources:status.notFound', or the readOnlyRow message.
//
// WRITES — server commands, POST /api/commands/resource.<name>.<action> with an Idempotency-Key
// (commands/resources.ts generates them; src/server/resources/handlers.ts runs them):
//   add     args = resourceSchemas(def).create            → data Record
//   edit    args = {id, ...resourceSchemas(def).update}   → data Record
//   status  args = {ids: number[1..500], status}          → data {changed: number[], refused: [{id, reason}]}
//   delete  args = {ids: number[1..500]} (def.delete)     → data {deleted: number}
//   import  args = {token}                                → data {created, updated}
//   Refusals: 400 with errors[].field (zod / refine path / 'file'); 409 naming the unique field
//   ('resources:errors.duplicate'); 400 readOnlyRow's messageKey; 404 outside the scope.
//   All or nothing: one transaction per command, with its audit row.
//   Without args (palette/button) the commands open the client's dialogs through rt.open(panel, props):
//   'resourceForm' {resource, id?}, 'resourceImport' {resource}, 'resourceStatus' {resource, ids, status?};
//   an extra action whose input is more than {ids} opens 'resourceAction' {resource, action, ids}.
//   `enable`/`disable` (browser-only, permission <menuCode>:status) open 'resourceStatus' with the status.
//
// HOOKS: src/server/resources/hooks.ts defineResourceHooks(name, {beforeWrite, afterWrite, beforeDelete})
//   for rules a declaration cannot express (run in the command's transaction after the generic checks).
// LOOKUP: def.lookup → palette "go to document" hits of type `resource.<name>`, path `<screen path>?id=<id>`.
//
// SPEC PATHS (def.specPaths): GET <page> = list, GET <list> = list (all records, size ≤ 200),
//   GET <base>/:id = detail, POST <base> = add, PUT <base> = edit ({id, ...}) — same handlers,
//   (<list> is reference data: any user of the pair may read it; <page> and detail need `menu:<menuCode>`)
//   audited, idempotency key generated server-side when the Idempotency-Key header is absent.
export {}
