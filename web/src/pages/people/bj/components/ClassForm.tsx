import { Form, Input, Select } from 'antd'
import { useDicts } from '@/components/dict/useDicts'
import FormDialog from '@/components/FormDialog'
import TeacherSelect from '@/components/people/TeacherSelect'
import UnitSelect from '@/components/unit/UnitSelect'
import { personBody } from '../../shared/PersonFields'
import { classes } from '../../shared/service'
import { DICT_GRADE, type SchoolClass } from '../../shared/types'

interface Props {
  schoolClass: SchoolClass | null
  onClose: () => void
  onDone: () => void
}

/** Create/edit dialog of a class; a class with students keeps its unit (the server says so). */
export default function ClassForm({ schoolClass, onClose, onDone }: Props) {
  const [form] = Form.useForm()
  const dicts = useDicts(DICT_GRADE)
  const unitId = Form.useWatch('unitDeptId', form) as number | null | undefined
  return (
    <FormDialog<Record<string, unknown>>
      title={schoolClass ? `编辑班级：${schoolClass.name}` : '新增班级'}
      form={form}
      width={600}
      initialValues={{ ...schoolClass }}
      onSubmit={(v) => (schoolClass ? classes.update({ ...personBody(v), id: schoolClass.id }) : classes.create(personBody(v)))}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item name="code" label="班级编码" rules={[{ required: true, whitespace: true, message: '请输入班级编码' }, { max: 32, message: '班级编码不超过32个字符' }]}>
        <Input placeholder="请输入班级编码" />
      </Form.Item>
      <Form.Item name="name" label="班级名称" rules={[{ required: true, whitespace: true, message: '请输入班级名称' }, { max: 100, message: '班级名称不超过100个字' }]}>
        <Input placeholder="请输入班级名称" />
      </Form.Item>
      <Form.Item name="unitDeptId" label="所在单位" rules={[{ required: true, message: '请选择所在单位' }]}>
        <UnitSelect selectedLabel={schoolClass?.unitName} />
      </Form.Item>
      <Form.Item name="grade" label="年级">
        <Select allowClear placeholder="请选择年级" options={dicts[DICT_GRADE]} />
      </Form.Item>
      <Form.Item name="major" label="专业" rules={[{ max: 100, message: '专业不超过100个字' }]}>
        <Input placeholder="请输入专业" />
      </Form.Item>
      <Form.Item name="headTeacherId" label="班主任">
        <TeacherSelect unitId={unitId} selectedLabel={schoolClass?.headTeacherName} />
      </Form.Item>
    </FormDialog>
  )
}
