import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useDicts } from '@/components/dict/useDicts'
import FormDrawer from '@/components/FormDrawer'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import UnitSelect from '@/components/unit/UnitSelect'
import { createUnit, updateUnit } from '../service'
import { DICT_UNIT_TYPE, type Unit, type UnitBody } from '../types'

type Values = Omit<UnitBody, 'foundedOn'> & { foundedOn?: Dayjs | null }

/** The form's values → the API body: the date as YYYY-MM-DD, empty texts as "". */
export function unitBody(v: Values, id?: number): UnitBody {
  return {
    ...(id ? { id } : {}),
    pid: v.pid ?? null,
    name: v.name.trim(),
    sort: v.sort ?? 999,
    code: v.code.trim(),
    shortName: v.shortName?.trim() ?? '',
    type: v.type,
    leaderName: v.leaderName?.trim() ?? '',
    contactPhone: v.contactPhone?.trim() ?? '',
    dzzId: v.dzzId ?? null,
    foundedOn: v.foundedOn ? v.foundedOn.format('YYYY-MM-DD') : '',
    remark: v.remark ?? '',
  }
}

interface Props {
  /** The unit being edited (as the detail answers it), or null to add one. */
  unit: Unit | null
  /** The parent preselected for a new unit (新增下级). */
  parent?: Unit | null
  onClose: () => void
  onDone: () => void
}

/** Create/edit drawer of a unit: its department (name, parent, sort) and its information. */
export default function UnitForm({ unit, parent, onClose, onDone }: Props) {
  const dicts = useDicts(DICT_UNIT_TYPE)
  const initial: Partial<Values> = unit
    ? { ...unit, foundedOn: unit.foundedOn ? dayjs(unit.foundedOn) : null }
    : { pid: parent?.id ?? null, sort: 999, dzzId: null }
  const title = unit ? `编辑单位：${unit.name}` : parent ? `新增“${parent.name}”的下级单位` : '新增单位'
  return (
    <FormDrawer<Values>
      title={title}
      initialValues={initial}
      onSubmit={(v) => (unit ? updateUnit(unitBody(v, unit.id)) : createUnit(unitBody(v)))}
      onClose={onClose}
      onDone={onDone}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label="单位名称" rules={[{ required: true, whitespace: true, message: '请输入单位名称' }, { max: 50, message: '单位名称不超过50个字' }]}>
            <Input placeholder="请输入单位名称" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="code"
            label="单位编码"
            rules={[
              { required: true, whitespace: true, message: '请输入单位编码' },
              { max: 32, message: '单位编码不超过32个字符' },
            ]}
          >
            <Input placeholder="请输入单位编码" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="shortName" label="单位简称" rules={[{ max: 50, message: '单位简称不超过50个字' }]}>
            <Input placeholder="请输入单位简称" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label="单位类型" rules={[{ required: true, message: '请选择单位类型' }]}>
            <Select placeholder="请选择单位类型" options={dicts[DICT_UNIT_TYPE]} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="pid" label="上级单位" extra="不选则为顶级单位（仅全校范围的管理员可建顶级单位）">
            <UnitSelect placeholder="请选择上级单位" selectedLabel={unit?.parentName || parent?.name} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dzzId" label="对应党组织">
            <OrgTreeSelect placeholder="请选择对应党组织" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="leaderName" label="负责人" rules={[{ max: 50, message: '负责人姓名不超过50个字' }]}>
            <Input placeholder="请输入负责人姓名" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: /^[0-9+\-() ]{3,32}$/, message: '联系电话格式不正确' }]}>
            <Input placeholder="手机或座机号码" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="foundedOn" label="成立日期">
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} placeholder="请选择成立日期" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sort" label="排序" rules={[{ required: true, message: '请输入排序' }]}>
            <InputNumber min={0} max={99999} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不超过500个字' }]}>
            <Input.TextArea rows={3} placeholder="请输入备注" />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  )
}
