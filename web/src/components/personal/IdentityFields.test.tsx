import { render, screen } from '@testing-library/react'
import { Form, Row } from 'antd'
import { describe, expect, it } from 'vitest'
import IdentityFields from './IdentityFields'

const renderFields = (props: Parameters<typeof IdentityFields>[0]) =>
  render(
    <Form>
      <Row>
        <IdentityFields {...props} />
      </Row>
    </Form>,
  )

describe('IdentityFields', () => {
  it('shows a birth date the ID number gives as derived, not typed', () => {
    renderFields({ derived: '1990-03-07' })
    expect(screen.getByText('由身份证号码得出')).toBeTruthy()
    expect((screen.getByPlaceholderText('请选择出生日期') as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByText('已脱敏显示，不修改则保持原值')).toBeNull()
  })

  it('lets the date be typed without one, and says a masked number is kept unless changed', () => {
    renderFields({ derived: null, storedIdNumber: '110105********1234', masked: true })
    expect((screen.getByPlaceholderText('请选择出生日期') as HTMLInputElement).disabled).toBe(false)
    expect(screen.getByText('已脱敏显示，不修改则保持原值')).toBeTruthy()
  })
})
