import { DatePicker, Form, Input, Select } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { DICT_PARTY_STATUS, DICT_PERSON_CATEGORY } from '@/api/dicts'
import { useDicts } from '@/components/dict/useDicts'
import FormDialog from '@/components/FormDialog'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import RemoteSelect from '@/components/RemoteSelect'
import { formOptions } from '@/utils/dict'
import { createMine, createTransfer, HAPPENED, KIND_NAMES, OTHER_ORG, PERSONAL, searchBranches, searchMembersFor, SUB_KINDS, type Kind } from './api'
import OutwardFields from './OutwardFields'

interface Values {
  memberId?: number
  subKind?: string
  toOrgId?: number
  orgId?: number
  otherOrg?: string
  reach?: string
  feesPaidUpTo?: Dayjs | null
  happenedOn?: Dayjs | null
  name?: string
  idNumber?: string
  phone?: string
  partyStatus?: string
  personCategory?: string
  joinedOn?: Dayjs | null
  reason?: string
  comment?: string
}

/** What the regulation asks of a sub-kind (《中国共产党党员教育管理工作条例》第二十四条); the server checks the dates. */
const SUB_KIND_HINTS: Partial<Record<Kind, string>> = {
  suspend: '条例第二十四条：失联党员须失去联系满6个月（以失联登记的失去联系日期计）；出国（境）暂留须超过5年',
  leave: '停止党籍的党员，停止党籍满2年后仍无法取得联系的，按自行脱党除名',
}

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '')
const future = (d: Dayjs) => d.isAfter(dayjs(), 'day')

/** The body of POST /api/zzgx (or /api/zzgx/mine) from the form. */
export function bodyOf(kind: Kind, v: Values): Record<string, unknown> {
  return {
    kind,
    subKind: v.subKind ?? '',
    memberId: v.memberId ?? 0,
    toOrgId: v.toOrgId ?? 0,
    orgId: v.orgId ?? 0,
    otherOrg: v.otherOrg?.trim() ?? '',
    reach: v.reach ?? '',
    feesPaidUpTo: v.feesPaidUpTo ? v.feesPaidUpTo.format('YYYY-MM') : '',
    happenedOn: day(v.happenedOn),
    name: v.name?.trim() ?? '',
    idNumber: v.idNumber?.trim() ?? '',
    phone: v.phone?.trim() ?? '',
    partyStatus: v.partyStatus ?? '',
    personCategory: v.personCategory ?? '',
    joinedOn: day(v.joinedOn),
    reason: v.reason?.trim() ?? '',
    comment: v.comment?.trim() ?? '',
  }
}

/**
 * 发起 a transfer of one kind: the member (of the caller's scope) or, for 校外转入 / 流动党员流入, the person and the
 * receiving branch; what the kind needs besides (the receiving branch, the organisation outside, 党费缴纳至, the date of
 * the fact). `self`: the member starts their own (我的组织关系), without choosing a member. The server checks every field
 * and names it.
 */
export default function CreateDialog({ kind, self = false, onClose, onDone }: { kind: Kind; self?: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const dicts = useDicts(DICT_PARTY_STATUS, DICT_PERSON_CATEGORY)
  const personal = PERSONAL.has(kind)
  const outward = kind === 'out' || kind === 'inside'
  const submit = (v: Values) => (self ? createMine(bodyOf(kind, v)) : createTransfer(bodyOf(kind, v)))

  return (
    <FormDialog<Values>
      title={`发起${KIND_NAMES[kind]}`}
      form={form}
      initialValues={kind === 'inside' ? { reach: 'city' } : {}}
      onSubmit={submit}
      onClose={onClose}
      onDone={onDone}
      successText="已提交，等待党支部审核"
      labelSpan={6}
    >
      {!personal && !self && (
        <Form.Item label="党员" name="memberId" rules={[{ required: true, message: '请选择党员' }]}>
          <RemoteSelect placeholder="输入姓名搜索" emptyText="没有找到党员（仅显示您管理范围内的党员）" search={(t) => searchMembersFor(kind, t)} />
        </Form.Item>
      )}
      {SUB_KINDS[kind] && (
        <Form.Item
          label={kind === 'suspend' ? '停止党籍原因' : '类别'}
          name="subKind"
          rules={[{ required: true, message: kind === 'suspend' ? '请选择停止党籍的原因' : `请选择${KIND_NAMES[kind]}类别` }]}
          extra={SUB_KIND_HINTS[kind]}
        >
          <Select options={SUB_KINDS[kind]} placeholder="请选择" />
        </Form.Item>
      )}
      {personal && (
        <>
          <Form.Item label="姓名" name="name" rules={[{ required: true, message: '请输入姓名' }, { max: 50, message: '姓名不超过 50 个字' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="身份证号码" name="idNumber" rules={[{ required: true, message: '请输入身份证号码' }]} extra="曾在本校的党员按身份证号码恢复原档案，不重复建档">
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item label="手机号码" name="phone">
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item label="党籍状态" name="partyStatus" rules={[{ required: true, message: '请选择党籍状态' }]}>
            <Select options={formOptions(dicts[DICT_PARTY_STATUS])} placeholder="请选择" />
          </Form.Item>
          <Form.Item label="人员类别" name="personCategory" rules={[{ required: true, message: '请选择人员类别' }]}>
            <Select options={formOptions(dicts[DICT_PERSON_CATEGORY])} placeholder="请选择" />
          </Form.Item>
          <Form.Item label="入党日期" name="joinedOn" rules={[{ required: true, message: '请选择入党日期' }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={future} />
          </Form.Item>
          <Form.Item label="接收党支部" name="orgId" rules={[{ required: true, message: '请选择接收党组织' }]}>
            <OrgTreeSelect placeholder="请选择本校接收的党支部" />
          </Form.Item>
        </>
      )}
      {kind === 'inside' && (
        <Form.Item label="接收党支部" name="toOrgId" rules={[{ required: true, message: '请选择接收党支部' }]}>
          <RemoteSelect placeholder="输入党支部名称搜索" emptyText="没有找到党支部" search={searchBranches} />
        </Form.Item>
      )}
      {OTHER_ORG[kind] && (
        <Form.Item label={OTHER_ORG[kind]} name="otherOrg" rules={[{ required: true, message: `请填写${OTHER_ORG[kind]}` }, { max: 100, message: '不超过 100 个字' }]}>
          <Input maxLength={100} />
        </Form.Item>
      )}
      {outward && <OutwardFields kind={kind} self={self} />}
      {HAPPENED[kind] && (
        <Form.Item label={HAPPENED[kind]} name="happenedOn" rules={[{ required: true, message: `请选择${HAPPENED[kind]}` }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={kind === 'abroad' ? undefined : future} />
        </Form.Item>
      )}
      <Form.Item label="原因" name="reason" rules={[{ max: 500, message: '原因不能超过 500 个字' }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item label="说明" name="comment" rules={[{ max: 1000, message: '说明不能超过 1000 个字' }]}>
        <Input.TextArea rows={2} maxLength={1000} placeholder="提交时的说明（记入办理记录）" />
      </Form.Item>
    </FormDialog>
  )
}
