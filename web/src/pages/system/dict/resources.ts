import { defineResource } from '@/components/crud'
import { PERM } from '@/api/permissions'
import { enabledField, enabledFilter, sortField } from '../shared/fields'
import { createDetail, createDict, deleteDetails, deleteDicts, detailFetcher, fetchDicts, updateDetail, updateDict } from './service'
import type { Dict, DictDetail } from './types'

export const DICT_NAME = /^[A-Za-z][A-Za-z0-9_]{1,99}$/

/** 字典: a name the code reads it by, and a description. */
export const dicts = defineResource<Dict>({
  key: 'dicts-admin',
  noun: '字典',
  titleOf: (d) => (d.description ? `${d.description}（${d.name}）` : d.name),
  api: { fetch: fetchDicts, create: createDict, update: updateDict, remove: deleteDicts },
  keyword: '名称或描述',
  permissions: { add: PERM.dictAdd, edit: PERM.dictEdit, del: PERM.dictDel },
  form: { dialog: true, width: 560, title: (d) => (d ? '编辑字典' : '新增字典') },
  fields: [
    {
      name: 'name',
      label: '字典名称',
      required: true,
      column: { sorter: true },
      rules: [{ pattern: DICT_NAME, message: '字典名称须以字母开头，由2-100位字母、数字或下划线组成' }],
      form: { extra: '代码里按名称读取字典，如 DJ_COMM_XB', props: { maxLength: 100 } },
    },
    { name: 'description', label: '描述', column: { ellipsis: true }, rules: [{ max: 255, message: '字典描述不能超过255个字' }], form: { props: { maxLength: 255 } } },
  ],
})

/** The values of one dictionary (the list asks by its name). */
export const dictDetails = (dict: Dict) =>
  defineResource<DictDetail>({
    key: `dict-detail-${dict.name}`,
    noun: '字典值',
    api: { fetch: detailFetcher(dict.name), create: createDetail, update: updateDetail, remove: deleteDetails },
    keyword: '标签或值',
    permissions: { add: PERM.dictAdd, edit: PERM.dictEdit, del: PERM.dictDel },
    titleOf: (d) => d.label,
    form: { dialog: true, width: 560, initial: { sort: 999, enabled: true }, title: (d) => `${d ? '编辑' : '新增'}字典值：${dict.name}` },
    fields: [
      { name: 'label', label: '字典标签', required: true, max: 200, column: { title: '标签', sorter: true }, form: { placeholder: '显示的文字，如 男', props: { maxLength: 200 } } },
      {
        name: 'value',
        label: '字典值',
        required: true,
        rules: [{ max: 100, message: '字典值不能超过100个字符' }],
        column: { title: '值', sorter: true },
        form: { placeholder: '保存的值，如 1', props: { maxLength: 100 } },
      },
      sortField({ column: { sorter: true } }),
      enabledFilter(),
      enabledField(),
    ],
  })
