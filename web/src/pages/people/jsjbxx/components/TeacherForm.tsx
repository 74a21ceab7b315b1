import { Col, Form, Input, Row, Select } from 'antd'
import { useDicts } from '@/components/dict/useDicts'
import FormDrawer from '@/components/FormDrawer'
import PersonFields, { deriveFromIdNumber, personBody, personValues, RemarkField } from '../../shared/PersonFields'
import { teachers } from '../../shared/service'
import { DICT_POST, DICT_TEACHER_STATUS, DICT_TITLE, type Teacher } from '../../shared/types'

interface Props {
  teacher: Teacher | null
  onClose: () => void
  onDone: () => void
}

/** Create/edit drawer of a teacher. */
export default function TeacherForm({ teacher, onClose, onDone }: Props) {
  const [form] = Form.useForm()
  const dicts = useDicts(DICT_TITLE, DICT_POST)
  return (
    <FormDrawer<Record<string, unknown>>
      title={teacher ? `编辑教师：${teacher.name}` : '新增教师'}
      form={form}
      initialValues={teacher ? personValues(teacher) : { status: '1' }}
      onSubmit={(v) => (teacher ? teachers.update({ ...personBody(v), id: teacher.id }) : teachers.create(personBody(v)))}
      onClose={onClose}
      onDone={onDone}
      onValuesChange={(changed) => deriveFromIdNumber(form, changed)}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="staffNo" label="工号" rules={[{ required: true, whitespace: true, message: '请输入工号' }, { max: 32, message: '工号不超过32个字符' }]}>
            <Input placeholder="请输入工号" />
          </Form.Item>
        </Col>
        <PersonFields form={form} person={teacher} statusDict={DICT_TEACHER_STATUS} />
        <Col span={12}>
          <Form.Item name="professionalTitle" label="专业技术职称">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择专业技术职称" options={dicts[DICT_TITLE]} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="post" label="工作岗位">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择工作岗位" options={dicts[DICT_POST]} />
          </Form.Item>
        </Col>
        <RemarkField />
      </Row>
    </FormDrawer>
  )
}
