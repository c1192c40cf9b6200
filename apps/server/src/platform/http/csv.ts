/**
 * CSV as spreadsheets read it: RFC 4180 quoting, CRLF rows and a UTF-8 byte-order mark (so accents
 * survive Excel). Text that a spreadsheet would run as a formula (=, +, -, @ …) is prefixed with
 * a quote, because exported cells hold what strangers typed into a public form.
 */
export type CsvCell = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/
const NUMBER = /^-?\d+(\.\d+)?$/

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** `name-YYYY-MM-DD.csv` for the day of the export. */
export const csvFileName = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`

/** Headers for a CSV download. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  }
}
