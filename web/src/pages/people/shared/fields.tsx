import { DICT_ETHNICITY, DICT_GENDER } from '@/api/dicts'
import type { Field } from '@/components/crud'
import { PERM } from '@/api/permissions'
import { personalFields } from '@/components/personal/personalFields'
import UnitSelect from '@/components/unit/UnitSelect'
import type { PersonView } from './types'

/** The unit of a person or class: picked by the unit picker, shown by its name. */
export function unitField<T extends { unitName: string }>(): Field<T> {
  return {
    name: 'unitDeptId',
    label: '所在单位',
    display: 'unitName',
    type: 'custom',
    required: '请选择所在单位',
    width: 160,
    column: { ellipsis: true },
    search: { label: '单位', render: () => <UnitSelect style={{ width: 200 }} /> },
    form: { render: ({ record }) => <UnitSelect selectedLabel={record?.unitName} /> },
  }
}

/** The fields students and teachers share; each page puts them in its own order. `left` names the day they left the active status. */
export function personFields<T extends PersonView>(statusDict: string, left: string) {
  const f = (field: Field<T>) => field
  const personal = personalFields<T>()
  const name = f({ name: 'name', label: '姓名', required: true, max: 50, width: 100, column: { sorter: true } })
  const gender = f({ name: 'gender', label: '性别', type: 'dict', dict: DICT_GENDER, required: true, width: 70, search: { single: true } })
  const ethnicity = f({ name: 'ethnicity', label: '民族', type: 'dict', dict: DICT_ETHNICITY, column: false })
  return {
    /** Who the person is, in the order both pages show it after their number. */
    identity: [name, gender, personal.idNumber, personal.birthDate, personal.phone, ethnicity],
    unit: unitField<T>(),
    status: f({ name: 'status', label: '状态', type: 'dict', dict: statusDict, width: 80, search: true }),
    /** Set by the server when the status leaves 在读/在职 (by hand, an import or a data source). */
    leftOn: f({ name: 'leftOn', label: left, type: 'date', form: false, column: false }),
    createTime: f({ name: 'createTime', label: '创建时间', type: 'datetime', width: 170 }),
    remark: f({ name: 'remark', label: '备注', type: 'textarea', max: 500, column: false }),
  }
}

/** A person resource's list key, permissions, import, export and keyword search (name, `number`, ID number, phone). */
export function personResource(kind: 'xsjbxx' | 'jsjbxx', noun: string, number: string) {
  return { ...peopleResource(kind, noun), keyword: `姓名、${number}，或完整身份证号/手机号` }
}

/** What students, teachers and classes share: the list key, the ry:* permissions, import and export of their kind. */
export function peopleResource(kind: 'xsjbxx' | 'jsjbxx' | 'bj', noun: string) {
  return {
    key: kind,
    columnsKey: `people.${kind}`,
    noun,
    permissions: { add: PERM.ryAdd, edit: PERM.ryEdit, del: PERM.ryDel, import: PERM.ryImport, unmask: PERM.ryUnmask },
    importKind: kind,
    export: { url: `/api/${kind}/export`, fileName: `${noun}信息.xlsx` },
  }
}
