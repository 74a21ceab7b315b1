/**
 * Rich text as the pages show it: HTML the server sanitised (bluemonday) when it was stored, cut once more here
 * to what the editor writes — paragraphs, line breaks, headings, lists, bold, italic, underline — with no
 * attribute at all, and our own pictures (OWN_IMAGE: src and alt only). The server's policy stays the sanitiser; this keeps a page from ever rendering a script,
 * a handler or a link target should an answer hold one. DOMParser's document is inert: nothing in it runs or loads.
 */
const KEPT = new Set(['P', 'BR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'STRONG', 'B', 'EM', 'I', 'U', 'BLOCKQUOTE'])
/** Dropped with everything inside them; any other element gives its content only. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'TITLE'])

/**
 * The one kind of picture a body may show: one the app serves for a record from its file store, at
 * /api/…/{record}/images/{attachment} (internal/platform/richtext.OwnImage, which the server applies when it stores).
 */
export const OWN_IMAGE = /^\/api(\/[a-z][a-z0-9-]*)+\/[0-9]+\/images\/[0-9]+$/

function copy(from: Node, to: Node, doc: Document) {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''))
      continue
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue
    const tag = (node as Element).tagName.toUpperCase()
    if (DROPPED.has(tag)) continue
    if (tag === 'IMG') {
      const src = (node as Element).getAttribute('src') ?? ''
      if (!OWN_IMAGE.test(src)) continue
      const img = doc.createElement('img')
      img.setAttribute('src', src)
      const alt = (node as Element).getAttribute('alt')
      if (alt) img.setAttribute('alt', alt)
      img.setAttribute('style', 'max-width: 100%')
      to.appendChild(img)
      continue
    }
    if (KEPT.has(tag)) {
      const el = doc.createElement(tag.toLowerCase())
      copy(node, el, doc)
      to.appendChild(el)
    } else copy(node, to, doc)
  }
}

/** The formatting and text of html, nothing else (see above). */
export function safeHtml(html: string): string {
  if (!html) return ''
  const source = new DOMParser().parseFromString(html, 'text/html')
  const out = document.implementation.createHTMLDocument('')
  const root = out.createElement('div')
  copy(source.body, root, out)
  return root.innerHTML
}

/** Whether html holds any text (an editor's empty document is `<p></p>`). */
export function hasText(html: string): boolean {
  if (!html) return false
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() !== ''
}
