import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Checkbox, Form, Input, Radio, Select, Space, type FormInstance } from 'antd'
import { JUDGE, OPTION_KEYS, QUESTION_LIMITS, QUESTION_TYPE, TAG_SEPARATOR, type QuestionType } from '@/api/generated/question'
import { BLANK_MARKER, isChoice, keyed, parseBlanks, VARIANT_SEPARATOR } from './answer'

/** The options of a 单选题 or 多选题 (A, B, … in order), two to eight, each added or removed here. */
export function OptionsEditor() {
  return (
    <Form.List
      name="options"
      rules={[
        {
          validator: async (_, opts?: unknown[]) => {
            const n = opts?.length ?? 0
            if (n < QUESTION_LIMITS.minOptions || n > QUESTION_LIMITS.maxOptions) throw new Error(`选项为${QUESTION_LIMITS.minOptions}至${QUESTION_LIMITS.maxOptions}个`)
          },
        },
      ]}
    >
      {(items, { add, remove }, { errors }) => (
        <Form.Item label="选项" required>
          {items.map((item, i) => (
            <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
              <span style={{ width: 16, display: 'inline-block' }}>{OPTION_KEYS[i]}</span>
              <Form.Item
                name={[item.name, 'text']}
                rules={[{ required: true, whitespace: true, message: `请输入选项${OPTION_KEYS[i]}的内容` }, { max: QUESTION_LIMITS.option, message: `选项不超过${QUESTION_LIMITS.option}个字` }]}
                style={{ marginBottom: 8 }}
              >
                <Input placeholder={`选项${OPTION_KEYS[i]}`} style={{ width: 420 }} aria-label={`选项${OPTION_KEYS[i]}`} />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`删除选项${OPTION_KEYS[i]}`}
                disabled={items.length <= QUESTION_LIMITS.minOptions}
                onClick={() => remove(item.name)}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} disabled={items.length >= QUESTION_LIMITS.maxOptions} onClick={() => add({ text: '' })}>
            添加选项
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  )
}

interface AnswerProps {
  type: QuestionType | undefined
  /** The options as the form holds them (for the key pickers of a choice). */
  options?: { text?: string }[]
  value?: string
  onChange?: (v: string) => void
}

/**
 * The key of a question, by type: a radio for 单选题, check boxes for 多选题, 正确/错误 for
 * 判断题, a line per blank (its accepted variants separated by /) for 填空题, a text for 简答题.
 * Its value is the key as the API keeps it.
 */
export function AnswerEditor({ type, options, value = '', onChange }: AnswerProps) {
  const set = (v: string) => onChange?.(v)
  if (type === undefined || type === null) return <span style={{ color: '#999' }}>请先选择题型</span>
  if (isChoice(type)) {
    const keys = keyed(options).map((o) => ({ label: `${o.key}. ${o.text}`, value: o.key }))
    if (type === QUESTION_TYPE.single) return <Radio.Group options={keys} value={value} onChange={(e) => set(e.target.value as string)} />
    // Single check boxes, not a group: the key is the chosen letters in option order ("ACD").
    const toggle = (key: string, on: boolean) => set(keys.map((k) => k.value).filter((k) => (k === key ? on : value.includes(k))).join(''))
    return (
      <Space wrap>
        {keys.map((k) => (
          <Checkbox key={k.value} checked={value.includes(k.value)} onChange={(e) => toggle(k.value, e.target.checked)}>
            {k.label}
          </Checkbox>
        ))}
      </Space>
    )
  }
  if (type === QUESTION_TYPE.judge) {
    return (
      <Radio.Group
        value={value}
        onChange={(e) => set(e.target.value as string)}
        options={[
          { label: '正确', value: JUDGE.right },
          { label: '错误', value: JUDGE.wrong },
        ]}
      />
    )
  }
  if (type === QUESTION_TYPE.fill) return <BlanksEditor value={value} onChange={set} />
  return <Input.TextArea rows={4} maxLength={QUESTION_LIMITS.answer} showCount value={value} onChange={(e) => set(e.target.value)} placeholder="参考答案（供阅卷参考）" />
}

/** A 填空题's blanks: a line each, its accepted variants separated by /. */
function BlanksEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const blanks = parseBlanks(value)
  const lines = blanks.length > 0 ? blanks : [['']]
  const send = (next: string[][]) => onChange(JSON.stringify(next))
  return (
    <div>
      {lines.map((variants, i) => (
        <Space key={i} align="baseline" style={{ display: 'flex', marginBottom: 8 }}>
          <span>第{i + 1}空</span>
          <Input
            aria-label={`第${i + 1}空`}
            style={{ width: 380 }}
            value={variants.join(VARIANT_SEPARATOR)}
            placeholder={`可接受的写法，多种用“${VARIANT_SEPARATOR}”分隔，如 井冈山${VARIANT_SEPARATOR}井冈山革命根据地`}
            onChange={(e) => send(lines.map((b, j) => (j === i ? e.target.value.split(VARIANT_SEPARATOR) : b)))}
          />
          <Button type="text" icon={<DeleteOutlined />} aria-label={`删除第${i + 1}空`} disabled={lines.length <= 1} onClick={() => send(lines.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={lines.length >= QUESTION_LIMITS.blanks} onClick={() => send([...lines, ['']])}>
        添加空
      </Button>
      <div style={{ color: '#999', marginTop: 4 }}>题干中每个空用“{BLANK_MARKER}”（三个或更多下划线）标出，空的个数与这里一致</div>
    </div>
  )
}

/** The key's form item, following the chosen type and options. */
export function AnswerItem({ form }: { form: FormInstance }) {
  const type = Form.useWatch('type', form) as QuestionType | undefined
  const options = Form.useWatch('options', form) as { text?: string }[] | undefined
  return (
    <Form.Item
      name="answer"
      label={type === QUESTION_TYPE.short ? '参考答案' : '正确答案'}
      required
      rules={[
        {
          validator: async (_, v?: string) => {
            if (type === QUESTION_TYPE.fill) {
              const blanks = parseBlanks(v)
              if (blanks.length === 0 || blanks.some((b) => b.every((x) => !x.trim()))) throw new Error('请填写每个空的答案')
              return
            }
            if (!v || !v.trim()) throw new Error(type === QUESTION_TYPE.short ? '请输入参考答案' : '请选择正确答案')
            if (type === QUESTION_TYPE.multiple && v.length < 2) throw new Error('多选题的正确答案至少有两个选项')
          },
        },
      ]}
    >
      <AnswerEditor type={type} options={options} />
    </Form.Item>
  )
}

/** Knowledge tags: typed and ended by Enter or 、 , ，; the value is the tags joined by 、. */
export function TagsInput({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const tags = value ? value.split(TAG_SEPARATOR).filter(Boolean) : []
  return (
    <Select
      id={id}
      mode="tags"
      open={false}
      value={tags}
      tokenSeparators={[TAG_SEPARATOR, ',', '，']}
      maxCount={QUESTION_LIMITS.tags}
      placeholder={`如 党章、党的纪律（最多${QUESTION_LIMITS.tags}个）`}
      onChange={(v: string[]) => onChange?.(v.map((t) => t.trim()).filter(Boolean).join(TAG_SEPARATOR))}
    />
  )
}
