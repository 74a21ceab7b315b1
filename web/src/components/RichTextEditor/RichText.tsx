import type { CSSProperties } from 'react'
import { safeHtml } from './html'

/** Stored rich text (minutes) shown as formatted: the server-sanitised HTML, cut to the editor's formatting (html.ts). */
export default function RichText({ html, empty = '未记录', style }: { html: string; empty?: string; style?: CSSProperties }) {
  const safe = safeHtml(html)
  if (!safe.trim()) return <div style={style}>{empty}</div>
  return <div className="rich-text" style={style} dangerouslySetInnerHTML={{ __html: safe }} />
}
