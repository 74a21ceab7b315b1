/**
 * The minutes are rich text (HTML the server sanitises). Until the web has a rich-text editor they are written as
 * plain text: each line a paragraph, escaped, so what the server stores and the 会议记录 prints stays HTML.
 */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('')
}

/** Stored minutes (HTML) as the text box shows them: one line per paragraph or line break, the text only. */
export function htmlToText(html: string): string {
  if (!html) return ''
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
  const doc = new DOMParser().parseFromString(marked, 'text/html')
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n')
}
