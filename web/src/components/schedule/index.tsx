import { Switch, Tag } from 'antd'
import { useState } from 'react'
import { ui } from '@/app/bridge'

/** Run states of jobs and reminder rules (spec §4 "Reminder run state": NO_START 1, START 2, FINISH 3). */
export const RUN_STATE = { noStart: 1, start: 2, finish: 3 } as const

const RUN_STATE_TAGS: Record<number, { label: string; color?: string }> = {
  [RUN_STATE.noStart]: { label: '未执行' },
  [RUN_STATE.start]: { label: '执行中', color: 'processing' },
  [RUN_STATE.finish]: { label: '已完成', color: 'default' },
}

export function runStateTag(state: number) {
  const t = RUN_STATE_TAGS[state] ?? { label: String(state) }
  return <Tag color={t.color}>{t.label}</Tag>
}

/** The outcome of a finished run: 成功 or 失败 (an unfinished one has none). */
export function resultTag(success: boolean | null | undefined) {
  if (success === null || success === undefined) return null
  return success ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>
}

/** The switch values of spec §4 (off 0, on 1). */
export const OFF = 0
export const ON = 1

interface SwitchCellProps {
  enabled: number
  canEdit: boolean
  /** Saves the new state; the list reloads after. */
  onChange: (enabled: number) => Promise<unknown>
  label: string
}

/** The ON/OFF switch of a job or a reminder rule: saved at once, read-only without the edit permission. */
export function SwitchCell({ enabled, canEdit, onChange, label }: SwitchCellProps) {
  const [saving, setSaving] = useState(false)
  const toggle = async (on: boolean) => {
    setSaving(true)
    try {
      await onChange(on ? ON : OFF)
      ui.message.success(on ? `已启用“${label}”` : `已停用“${label}”`)
    } catch {
      // The request pipeline shows why; the switch keeps the saved state.
    } finally {
      setSaving(false)
    }
  }
  return (
    <Switch
      checked={enabled === ON}
      disabled={!canEdit}
      loading={saving}
      checkedChildren="启用"
      unCheckedChildren="停用"
      aria-label={`${label}：${enabled === ON ? '已启用' : '已停用'}`}
      onChange={(on) => void toggle(on)}
    />
  )
}
