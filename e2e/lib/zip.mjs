// Reading one file out of a zip (an .xlsx or .docx the app downloads), with Node's own zlib.
import { inflateRawSync } from 'node:zlib'

/** One file's text out of a zip, through its central directory (Go's writers leave the local sizes 0); null when absent. */
export function zipEntry(zip, name) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  for (let at = zip.readUInt32LE(end + 16); zip.readUInt32LE(at) === 0x02014b50; ) {
    const method = zip.readUInt16LE(at + 10)
    const size = zip.readUInt32LE(at + 20)
    const [nameLen, extraLen, commentLen] = [28, 30, 32].map((o) => zip.readUInt16LE(at + o))
    const local = zip.readUInt32LE(at + 42)
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
      const data = zip.subarray(start, start + size)
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8')
    }
    at += 46 + nameLen + extraLen + commentLen
  }
  return null
}

/**
 * The cell texts of an .xlsx's first sheet, row by row (shared and inline strings, numbers as written),
 * enough to check what an export holds without a spreadsheet dependency.
 */
export function sheetRows(zip) {
  const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')
  const texts = (xml) => [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1])).join('')
  const shared = [...(zipEntry(zip, 'xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]))
  const sheet = zipEntry(zip, 'xl/worksheets/sheet1.xml')
  if (sheet === null) throw new Error('the workbook has no first sheet')
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[1].matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attrs, body = '']) => {
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1]
      if (type === 'inlineStr') return texts(body)
      const v = /<v>([^<]*)<\/v>/.exec(body)?.[1] ?? ''
      return type === 's' ? shared[Number(v)] : unescape(v)
    }),
  )
}
