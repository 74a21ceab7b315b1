import { Checkbox, Descriptions, Divider, Input, Radio, Space, Tag, Typography } from 'antd'
import { Fragment } from 'react'
import { DIFFICULTY_NAMES, JUDGE, QUESTION_TYPE, QUESTION_TYPE_NAMES, TAG_SEPARATOR, type Question } from '@/api/generated/question'
import { describeAnswer, stemParts } from './answer'

/**
 * A question as an examinee sees it in an exam (the stem, its blanks as inputs, the options to
 * choose, the answer box), then, set apart, its key and analysis as the results show them.
 */
export default function QuestionPreview({ question: q }: { question: Question }) {
  return (
    <div>
      <Typography.Paragraph>
        <Tag color="blue">{QUESTION_TYPE_NAMES[q.type]}</Tag>
        {q.type === QUESTION_TYPE.fill
          ? stemParts(q.stem).map((part, i) => (
              <Fragment key={i}>
                {i > 0 && <Input aria-label={`第${i}空`} variant="underlined" style={{ width: 120, margin: '0 4px' }} />}
                {part}
              </Fragment>
            ))
          : q.stem}
      </Typography.Paragraph>
      {q.type === QUESTION_TYPE.single && (
        <Radio.Group>
          <Space orientation="vertical">
            {q.options.map((o) => (
              <Radio key={o.key} value={o.key}>
                {o.key}. {o.text}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {q.type === QUESTION_TYPE.multiple && (
        <Checkbox.Group>
          <Space orientation="vertical">
            {q.options.map((o) => (
              <Checkbox key={o.key} value={o.key}>
                {o.key}. {o.text}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      )}
      {q.type === QUESTION_TYPE.judge && (
        <Radio.Group
          options={[
            { label: '正确', value: JUDGE.right },
            { label: '错误', value: JUDGE.wrong },
          ]}
        />
      )}
      {q.type === QUESTION_TYPE.short && <Input.TextArea rows={4} placeholder="请作答" />}
      <Divider plain>考后显示</Divider>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={q.type === QUESTION_TYPE.short ? '参考答案' : '正确答案'}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{describeAnswer(q.type, q.answer)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="解析">{q.analysis || '无'}</Descriptions.Item>
        <Descriptions.Item label="知识点">{q.tags ? q.tags.split(TAG_SEPARATOR).map((t) => <Tag key={t}>{t}</Tag>) : '无'}</Descriptions.Item>
        <Descriptions.Item label="难度">{DIFFICULTY_NAMES[q.difficulty]}</Descriptions.Item>
      </Descriptions>
    </div>
  )
}
