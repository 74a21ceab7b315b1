import { DatePicker, Form, Input } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { LIMITS, type MotionInput, type Selection } from '@/api/generated/cadreSelection'
import FormDrawer from '@/components/FormDrawer'
import RemoteSelect from '@/components/RemoteSelect'
import { createSelection, positionLabel, searchPositions, updateSelection } from './api'

/** The 动议's values: the day as dayjs. */
interface MotionValues {
  title: string
  positionId?: number
  motionOn?: Dayjs
  motionBy: string
  reason: string
  conditions?: string
}

const toBody = (v: MotionValues, updateTime?: string): MotionInput => ({
  title: v.title.trim(),
  positionId: v.positionId ?? 0,
  motionOn: v.motionOn ? v.motionOn.format('YYYY-MM-DD') : null,
  motionBy: v.motionBy.trim(),
  reason: v.reason.trim(),
  conditions: v.conditions?.trim() ?? '',
  ...(updateTime ? { updateTime } : {}),
})

const valuesOf = (s: Selection): MotionValues => ({
  title: s.title,
  positionId: s.positionId,
  motionOn: s.motionOn ? dayjs(s.motionOn) : undefined,
  motionBy: s.motionBy,
  reason: s.reason,
  conditions: s.conditions,
})

const text = (label: string, max = LIMITS.text) => [
  { required: true, whitespace: true, message: `请输入${label}` },
  { max, message: `${label}不超过${max}个字` },
]

/**
 * 发起动议 (a new selection, which starts at 民主推荐) or 编辑动议 (only while 民主推荐; sent with the version it
 * was opened with, so an edit over someone else's is refused).
 */
export default function MotionForm({ selection, onClose, onSaved }: { selection: Selection | null; onClose: () => void; onSaved: (s: Selection) => void }) {
  return (
    <FormDrawer<MotionValues>
      title={selection ? '编辑动议' : '发起动议'}
      width={720}
      initialValues={selection ? valuesOf(selection) : { motionBy: '党委常委会' }}
      onSubmit={async (v) => onSaved(await (selection ? updateSelection(selection.id, toBody(v, selection.updateTime)) : createSelection(toBody(v))))}
      onClose={onClose}
      successText={selection ? '动议已保存' : '已发起动议，进入民主推荐'}
    >
      <Form.Item name="title" label="标题" rules={text('标题', 100)}>
        <Input placeholder="如 计算机学院院长选拔任用" maxLength={100} />
      </Form.Item>
      <Form.Item name="positionId" label="拟任岗位" rules={[{ required: true, message: '请选择拟任岗位' }]} extra="岗位在“职数管理”中维护">
        <RemoteSelect
          search={searchPositions}
          selectedLabel={selection ? positionLabel({ unitName: selection.unitName, name: selection.positionName, levelLabel: selection.levelLabel }) : undefined}
          placeholder="搜索单位或岗位名称"
          emptyText="暂无岗位：先在“职数管理”中新增岗位"
        />
      </Form.Item>
      <Form.Item name="motionOn" label="动议时间" rules={[{ required: true, message: '请选择动议时间' }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="motionBy" label="动议主体" rules={text('动议主体', 100)}>
        <Input placeholder="如 党委常委会、书记专题会" maxLength={100} />
      </Form.Item>
      <Form.Item name="reason" label="动议理由" rules={text('动议理由')}>
        <Input.TextArea rows={4} maxLength={LIMITS.text} showCount />
      </Form.Item>
      <Form.Item name="conditions" label="任职条件和资格" rules={[{ max: LIMITS.text, message: `任职条件和资格不超过${LIMITS.text}个字` }]}>
        <Input.TextArea rows={4} maxLength={LIMITS.text} showCount />
      </Form.Item>
    </FormDrawer>
  )
}
