import { QuestionCircleOutlined } from '@ant-design/icons'
import { Input, type InputRef } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useConfigStore } from '@/stores/config'

/** External Q&A URL with the question as the URL-encoded `key` parameter. */
export function qaUrl(base: string, question: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}key=${encodeURIComponent(question)}`
}

/** Party-affairs Q&A search; hidden when no qaSearchUrl is configured. */
export default function QaSearch() {
  const base = useConfigStore((s) => s.config.qaSearchUrl)
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const input = useRef<InputRef>(null)
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])
  if (!base) return null
  return (
    <span className="top-bar-item">
      <QuestionCircleOutlined aria-label="党务问答" onClick={() => setOpen((o) => !o)} />
      {open && (
        <Input
          ref={input}
          className="top-bar-input"
          placeholder="请输入党务相关问题，按回车搜索"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setOpen(false)}
          onPressEnter={() => {
            if (text.trim()) window.open(qaUrl(base, text.trim()), '_blank', 'noopener')
          }}
        />
      )}
    </span>
  )
}
