import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'

export interface RichTextEditorProps {
  /** HTML (as the server stores it after sanitising); '' for none. */
  value?: string
  /** The document as HTML, '' when it holds no text. */
  onChange?: (html: string) => void
  disabled?: boolean
  /** Set by Form.Item, so that its label points at the editable area. */
  id?: string
  'aria-label'?: string
  /**
   * Offers 插入图片: stores the chosen picture (as an attachment of the record) and answers its address, which
   * must be one OWN_IMAGE accepts (html.ts) — the server keeps no other picture. Without it there is no button.
   */
  uploadImage?: (file: File) => Promise<string>
  /** Why pictures cannot be inserted yet (a record not saved): shows the button disabled with this hint. */
  imageUnavailable?: string
}

// The editor (tiptap and ProseMirror, about 100 KB compressed) loads with the first page that shows one: no
// page's first load carries it.
const Editor = lazy(() => import('./Editor'))

/**
 * A rich-text field (minutes, notices): paragraphs, headings, lists, bold, italic, underline. Controlled like an
 * antd input (value/onChange), so it sits in a Form.Item. What it sends is HTML the server sanitises again
 * (bluemonday); show stored text with RichText.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  )
}
