// A printer's address (issue 19 §3 I5): only the printer protocols the console speaks — IPP
// (`ipp://host[:631][/path]`), IPP over TLS (`ipps://host[:631|443][/path]`) and raw TCP / JetDirect
// (`tcp://host[:9100-9102]`, also written `socket://`), as the demo printers are (`ipp://laser-01.local`,
// `tcp://zebra-01.local:9100`). Any other scheme or port (http://, file:, an internal service's port),
// credentials, a query, and loopback, "any" and link-local hosts (localhost, 127.x, 0.x, 169.254.x — the
// cloud metadata address) are refused, so a printer connector can never be pointed at internal services.
// Empty is allowed (a printer without an address yet). Host names and IPv4 addresses only.

/** One host label; the whole host must not be a loopback/any/link-local address nor a bare number (127.0.0.1 as 2130706433). */
const HOST = String.raw`(?!localhost(?![A-Za-z0-9.-]))(?!127\.)(?!0\.)(?!0x)(?!169\.254\.)(?![0-9]+(?![A-Za-z0-9.-]))[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*`
const PATH = String.raw`(?:\/[A-Za-z0-9._~\/-]*)?`

export const PRINTER_ADDRESS_RE = new RegExp(String.raw`^(?:|ipp:\/\/${HOST}(?::631)?${PATH}|ipps:\/\/${HOST}(?::(?:631|443))?${PATH}|(?:tcp|socket):\/\/${HOST}(?::910[0-2])?\/?)$`, 'i')

/** The i18n key of the refusal (names the protocols allowed). */
export const PRINTER_ADDRESS_KEY = 'print:printer.errors.address'

export const isPrinterAddress = (v: string): boolean => PRINTER_ADDRESS_RE.test(v.trim())
