// App versions (screen /versions; spec section 3 "App version": version number, app id, description;
// section 5: "version and description" required, apk/wgt up to 50 MB). The package is uploaded through
// POST /api/files/upload?purpose=app and its address stored in fileUrl.
import { defineResource } from '../../resource'

export const appVersionResource = defineResource({
  name: 'appVersion',
  table: 'app_version',
  scope: 'global',
  menuCode: 'app-versions',
  component: 'system/app-versions',
  ns: 'admin',
  fields: {
    versionNumber: { kind: 'text', required: true, maxLength: 32, pattern: /^\d+(\.\d+){1,3}$/, patternKey: 'admin:appVersion.rules.versionNumber', width: 120 },
    appId: { kind: 'text', required: true, maxLength: 100, width: 180 },
    description: { kind: 'textarea', required: true, maxLength: 2000, width: 280 },
    // Spec section 5: apk/wgt up to 50 MB (the 'app' upload rule), on the client and the server.
    fileUrl: { kind: 'image', uploadPurpose: 'app', maxLength: 500, width: 200 },
    fileName: { kind: 'text', maxLength: 200, hideInList: true },
    status: { kind: 'enum', dict: 'enabledFlag', required: true, default: 1 },
  },
  list: {
    columns: ['versionNumber', 'appId', 'description', 'fileUrl', 'status'],
    filters: { q: 'text', appId: 'text', status: 'enum' },
    search: ['versionNumber', 'appId', 'description'],
    defaultSort: 'versionNumber:desc',
  },
  form: [['versionNumber', 'appId'], ['description'], ['fileUrl'], ['status']],
  status: { field: 'status', dict: 'enabledFlag', enabled: 1, disabled: 0 },
})
