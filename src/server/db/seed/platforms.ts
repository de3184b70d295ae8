// Marketplaces of spec section 9 with a few sites each and 1–3 shops per site: the data behind the
// platform/site/shop cascader until basic-data maintenance lets people enter their own.
// platformType defaults to 'marketplace'; WINIT and GOODCANG sell overseas-warehouse services.
export const PLATFORMS = [
  { code: 'SHEIN', name: 'SHEIN', shortName: 'SHEIN' },
  { code: 'WINIT', name: 'WINIT', shortName: 'WINIT', platformType: 'overseasWarehouse' },
  { code: 'AMAZON', name: 'Amazon', shortName: 'AMZ' },
  { code: 'WALMART', name: 'Walmart', shortName: 'WMT' },
  { code: 'TIKTOK', name: 'TikTok Shop', shortName: 'TT' },
  { code: 'GOODCANG', name: 'GOODCANG', shortName: 'GC', platformType: 'overseasWarehouse' },
  { code: 'MERCADOLIBRE', name: 'Mercado Libre', shortName: 'MELI' },
] as const

export interface SiteSeed { platform: (typeof PLATFORMS)[number]['code']; code: string; name: string; currency: string; country: string; shops: readonly { code: string; name: string }[] }

export const SITES: readonly SiteSeed[] = [
  { platform: 'AMAZON', code: 'US', name: 'Amazon.com', currency: 'USD', country: 'US', shops: [
    { code: 'AMZ-US-STRIDE', name: 'Stride Footwear Amazon US' }, { code: 'AMZ-US-THREAD', name: 'Thread Apparel Amazon US' }] },
  { platform: 'AMAZON', code: 'MX', name: 'Amazon.com.mx', currency: 'MXN', country: 'MX', shops: [
    { code: 'AMZ-MX-STRIDE', name: 'Stride Footwear Amazon MX' }] },
  { platform: 'AMAZON', code: 'CA', name: 'Amazon.ca', currency: 'CAD', country: 'CA', shops: [
    { code: 'AMZ-CA-STRIDE', name: 'Stride Footwear Amazon CA' }] },
  { platform: 'WALMART', code: 'US', name: 'Walmart.com', currency: 'USD', country: 'US', shops: [
    { code: 'WMT-US-STRIDE', name: 'Stride Footwear Walmart' }, { code: 'WMT-US-THREAD', name: 'Thread Apparel Walmart' }] },
  { platform: 'MERCADOLIBRE', code: 'MX', name: 'Mercado Libre México', currency: 'MXN', country: 'MX', shops: [
    { code: 'MELI-MX-STRIDE', name: 'Stride Calzado MX' }, { code: 'MELI-MX-THREAD', name: 'Thread Ropa MX' }, { code: 'MELI-MX-OUTLET', name: 'Stride & Thread Outlet MX' }] },
  { platform: 'SHEIN', code: 'US', name: 'SHEIN US', currency: 'USD', country: 'US', shops: [
    { code: 'SHEIN-US-THREAD', name: 'Thread Apparel SHEIN' }] },
  { platform: 'TIKTOK', code: 'US', name: 'TikTok Shop US', currency: 'USD', country: 'US', shops: [
    { code: 'TT-US-STRIDE', name: 'Stride Footwear TikTok' }, { code: 'TT-US-THREAD', name: 'Thread Apparel TikTok' }] },
  { platform: 'WINIT', code: 'US', name: 'WINIT US', currency: 'USD', country: 'US', shops: [
    { code: 'WINIT-US-STRIDE', name: 'Stride Footwear WINIT' }] },
  { platform: 'GOODCANG', code: 'US', name: 'GOODCANG US', currency: 'USD', country: 'US', shops: [
    { code: 'GC-US-STRIDE', name: 'Stride Footwear GOODCANG' }] },
]
