import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { Node } from '@tiptap/core'
import { EditorContent, useEditor, useEditorState, type Editor as TiptapEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Button, Divider, Select, Space, Tooltip } from 'antd'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { OWN_IMAGE } from './html'
import type { RichTextEditorProps } from './index'

/**
 * A picture of our own file store (OWN_IMAGE), inline in the text. Written here rather than with
 * @tiptap/extension-image so that a pasted picture of another site never enters the document (the server
 * would drop it anyway): only src and alt are kept.
 */
const OwnImage = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: null } }),
  parseHTML: () => [{ tag: 'img[src]', getAttrs: (el) => (OWN_IMAGE.test(el.getAttribute('src') ?? '') ? null : false) }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
})

/** What the editor offers: paragraphs, headings 2–3, lists, bold, italic, underline, our own pictures (no links or code). */
const extensions = [
  StarterKit.configure({ heading: { levels: [2, 3] }, link: false, code: false, codeBlock: false, horizontalRule: false, strike: false, trailingNode: false }),
  OwnImage,
]

/** The pictures the file store takes for a body (internal/content: jpg, jpeg, png, gif, webp). */
const IMAGE_TYPES = '.jpg,.jpeg,.png,.gif,.webp'

const css = `
.rich-editor { border: 1px solid #d9d9d9; border-radius: 6px; }
.rich-editor:focus-within { border-color: #1677ff; }
.rich-editor .tiptap { min-height: 240px; max-height: 520px; overflow-y: auto; padding: 8px 12px; outline: none; line-height: 1.8; }
.rich-editor .tiptap p { margin: 0 0 4px; }
.rich-editor .tiptap img { max-width: 100%; }
.rich-editor .tiptap img.ProseMirror-selectednode { outline: 2px solid #1677ff; }
.rich-editor-toolbar { padding: 4px 8px; border-bottom: 1px solid #f0f0f0; }
`

type Block = 'paragraph' | 'h2' | 'h3'

function ToolButton({ label, icon, active, disabled, onClick }: { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type={active ? 'primary' : 'text'} size="small" icon={icon} aria-label={label} aria-pressed={active} disabled={disabled} onClick={onClick} />
    </Tooltip>
  )
}

/** 插入图片: uploads the chosen picture and inserts it where the cursor is. */
function ImageButton({ editor, disabled, upload, unavailable }: { editor: TiptapEditor; disabled?: boolean; upload?: (file: File) => Promise<string>; unavailable?: string }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const pick = (file: File | undefined) => {
    if (!file || !upload) return
    setBusy(true)
    upload(file)
      .then((src) => {
        if (OWN_IMAGE.test(src)) editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt: file.name.replace(/\.[^.]*$/, '') } }).run()
      })
      // The request layer has already shown the server's reason (type, size).
      .catch(() => undefined)
      .finally(() => setBusy(false))
  }
  return (
    <>
      <Tooltip title={upload ? '插入图片' : unavailable}>
        <Button
          type="text"
          size="small"
          icon={<PictureOutlined />}
          aria-label="插入图片"
          loading={busy}
          disabled={disabled || !upload}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        aria-label="选择图片"
        style={{ display: 'none' }}
        onChange={(e) => {
          pick(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </>
  )
}

function Toolbar({ editor, disabled, upload, unavailable }: { editor: TiptapEditor; disabled?: boolean; upload?: (file: File) => Promise<string>; unavailable?: string }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      block: (e.isActive('heading', { level: 2 }) ? 'h2' : e.isActive('heading', { level: 3 }) ? 'h3' : 'paragraph') as Block,
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const setBlock = (b: Block) => (b === 'paragraph' ? chain().setParagraph().run() : chain().toggleHeading({ level: b === 'h2' ? 2 : 3 }).run())
  return (
    <Space size={2} wrap className="rich-editor-toolbar" style={{ display: 'flex' }}>
      <Select<Block>
        size="small"
        aria-label="段落格式"
        value={s.block}
        disabled={disabled}
        style={{ width: 92 }}
        onChange={setBlock}
        options={[
          { value: 'paragraph', label: '正文' },
          { value: 'h2', label: '标题' },
          { value: 'h3', label: '小标题' },
        ]}
      />
      <Divider orientation="vertical" />
      <ToolButton label="加粗" icon={<BoldOutlined />} active={s.bold} disabled={disabled} onClick={() => chain().toggleBold().run()} />
      <ToolButton label="斜体" icon={<ItalicOutlined />} active={s.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()} />
      <ToolButton label="下划线" icon={<UnderlineOutlined />} active={s.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()} />
      <Divider orientation="vertical" />
      <ToolButton label="项目符号列表" icon={<UnorderedListOutlined />} active={s.bullet} disabled={disabled} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label="编号列表" icon={<OrderedListOutlined />} active={s.ordered} disabled={disabled} onClick={() => chain().toggleOrderedList().run()} />
      <Divider orientation="vertical" />
      <ToolButton label="撤销" icon={<UndoOutlined />} disabled={disabled || !s.undo} onClick={() => chain().undo().run()} />
      <ToolButton label="重做" icon={<RedoOutlined />} disabled={disabled || !s.redo} onClick={() => chain().redo().run()} />
      {(upload || unavailable) && (
        <>
          <Divider orientation="vertical" />
          <ImageButton editor={editor} disabled={disabled} upload={upload} unavailable={unavailable} />
        </>
      )}
    </Space>
  )
}

/** The document as HTML, '' when it holds nothing (a body of pictures only is something). */
const htmlOf = (e: TiptapEditor) => (e.isEmpty && !e.getHTML().includes('<img') ? '' : e.getHTML())

/** The tiptap editor behind RichTextEditor (loaded on demand: see index.tsx). */
export default function Editor({ value = '', onChange, disabled, id, uploadImage, imageUnavailable, ...aria }: RichTextEditorProps) {
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    editorProps: { attributes: { ...(id ? { id } : {}), role: 'textbox', 'aria-multiline': 'true', ...(aria['aria-label'] ? { 'aria-label': aria['aria-label'] } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
  })
  // A value set from outside (a form's reset or initial values) replaces the document; the editor's own changes come back equal.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    const current = htmlOf(editor)
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])
  useEffect(() => {
    editor?.setEditable(!disabled)
  }, [editor, disabled])
  return (
    <div className="rich-editor">
      <style>{css}</style>
      {editor && <Toolbar editor={editor} disabled={disabled} upload={uploadImage} unavailable={imageUnavailable} />}
      <EditorContent editor={editor} />
    </div>
  )
}
