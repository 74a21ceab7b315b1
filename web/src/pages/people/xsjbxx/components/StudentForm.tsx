import { Col, DatePicker, Form, Input, Row, Select } from 'antd'
import { useDicts } from '@/components/dict/useDicts'
import FormDrawer from '@/components/FormDrawer'
import ClassSelect from '@/components/people/ClassSelect'
import PersonFields, { deriveFromIdNumber, personBody, personValues, RemarkField } from '../../shared/PersonFields'
import { students } from '../../shared/service'
import { DICT_EDUCATION_LEVEL, DICT_GRADE, DICT_STUDENT_STATUS, type Student } from '../../shared/types'

interface Props {
  student: Student | null
  onClose: () => void
  onDone: () => void
}

/** Create/edit drawer of a student. */
export default function StudentForm({ student, onClose, onDone }: Props) {
  const [form] = Form.useForm()
  const dicts = useDicts(DICT_GRADE, DICT_EDUCATION_LEVEL)
  const unitId = Form.useWatch('unitDeptId', form) as number | null | undefined
  return (
    <FormDrawer<Record<string, unknown>>
      title={student ? `编辑学生：${student.name}` : '新增学生'}
      form={form}
      initialValues={student ? personValues(student) : { status: '1' }}
      onSubmit={(v) => (student ? students.update({ ...personBody(v), id: student.id }) : students.create(personBody(v)))}
      onClose={onClose}
      onDone={onDone}
      onValuesChange={(changed) => {
        deriveFromIdNumber(form, changed)
        // A class belongs to one unit: a new unit drops the class chosen for the old one.
        if ('unitDeptId' in changed && form.getFieldValue('classId')) form.setFieldValue('classId', null)
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="studentNo" label="学号" rules={[{ required: true, whitespace: true, message: '请输入学号' }, { max: 32, message: '学号不超过32个字符' }]}>
            <Input placeholder="请输入学号" />
          </Form.Item>
        </Col>
        <PersonFields form={form} person={student} statusDict={DICT_STUDENT_STATUS} />
        <Col span={12}>
          <Form.Item name="classId" label="班级">
            <ClassSelect unitId={unitId} selectedLabel={student?.className} placeholder={unitId ? '请选择班级' : '请先选择所在单位'} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="grade" label="年级" extra="不选则取所在班级的年级">
            <Select allowClear placeholder="请选择年级" options={dicts[DICT_GRADE]} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="educationLevel" label="培养层次">
            <Select allowClear placeholder="请选择培养层次" options={dicts[DICT_EDUCATION_LEVEL]} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enrolledOn" label="入学日期">
            <DatePicker style={{ width: '100%' }} placeholder="请选择入学日期" />
          </Form.Item>
        </Col>
        <RemarkField />
      </Row>
    </FormDrawer>
  )
}
