import { get, type Page } from '@/api/request'
import RemoteSelect, { type RemoteOption } from '@/components/RemoteSelect'
import type { Rule } from './index'

/** How many matches one search loads: enough to choose from, the rest found by typing. */
const PICK_SIZE = 20

/** "标题（文号）" or, without a 文号, "标题（施行日期）": tells apart versions of the same title. */
export const ruleOptionLabel = (r: Pick<Rule, 'title' | 'docNo' | 'effectiveDate'>) => `${r.title}（${r.docNo || r.effectiveDate}）`

/** The library's rules matching a text (title, 文号 or body), newest first; the edited rule itself left out. */
export const searchRules = (text: string, except?: number): Promise<RemoteOption[]> =>
  get<Page<Rule>>('/api/gzzd', { page: 0, size: PICK_SIZE, ...(text ? { blurry: text } : {}) }).then((p) =>
    p.content.filter((r) => r.id !== except).map((r) => ({ value: r.id, label: ruleOptionLabel(r) })),
  )

interface Props {
  value?: number | null
  onChange?: (value: number | null) => void
  id?: string
  /** The rule being edited: it cannot revise itself, and its current choice is named before the picker loads. */
  editing?: Pick<Rule, 'id' | 'supersedesId' | 'supersedesTitle'>
}

/** 修订的旧版本: a rule of the library, searched on the server as the user types. */
export default function SupersedesSelect({ editing, ...props }: Props) {
  return (
    <RemoteSelect
      {...props}
      search={(text) => searchRules(text, editing?.id)}
      selectedLabel={editing?.supersedesId ? editing.supersedesTitle : undefined}
      placeholder="输入标题或文号搜索（新版本才需选择）"
      emptyText="没有匹配的规章制度"
    />
  )
}
