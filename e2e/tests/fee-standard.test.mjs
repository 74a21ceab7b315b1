// End-to-end: 党费标准 and 党费基数 as the admin. The regulation's standards are listed; a new student
// standard is enabled after a confirmation that names the one it voids; a base is entered with its salary
// items while the server previews the due and its working; the list shows the due.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

describe('fee standards and bases', () => {
  const s = adminScenario(async ({ server, token, page }) => {
    const root = await call(server.base, 'POST', '/api/dzzxx', { token, body: { code: 'E2EFU', name: '中共端到端大学委员会', type: '1' } })
    const branch = await call(server.base, 'POST', '/api/dzzxx', { token, body: { code: 'E2EFB', name: '端到端教工党支部', type: '5', pid: root.id } })
    await call(server.base, 'POST', '/api/dyjbxx', {
      token,
      body: { name: '党费测试', idNumber: idNumber('11010119800307451'), phone: '13800138000', personCategory: '1', personType: '1', partyStatus: '1', orgId: branch.id, joinedOn: '2010-06-30', fullOn: '2011-06-30' },
    })
    await signInAdmin(page, server.base)
  })
  const { it } = s

  it('lists the seeded standards and enables a new one after a confirmation', async () => {
    await s.page.goto(`${s.server.base}/web/dfgl/standard`)
    // 在职, 年薪制 and 个体经营者 share the salaried brackets: the 在职 standard's row shows them.
    await s.page.locator('tr.ant-table-row').filter({ hasText: '在职党员党费标准' })
      .getByText('基数 ≤ 3000：0.5%；3000 < 基数 ≤ 5000：1%；5000 < 基数 ≤ 10000：1.5%；基数 > 10000：2%').waitFor()
    await s.page.getByRole('button', { name: '新增标准' }).click()
    const dialog = s.page.locator('.ant-modal').filter({ hasText: '新增党费标准' })
    await dialog.locator('input#name').fill('学生党员党费标准（试行）')
    await dialog.locator('#category').click({ force: true })
    await s.page.locator('.ant-select-item-option-content:visible', { hasText: /^学生$/ }).click()
    await dialog.getByText('固定金额').click()
    await dialog.locator('input#fixed').fill('0.30')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = s.page.locator('tr.ant-table-row').filter({ hasText: '学生党员党费标准（试行）' })
    await row.getByText('启用', { exact: true }).first().click()
    await s.page.getByText(/启用后，当前启用的“学生党员党费标准”将作废/).waitFor()
    await screenshot(s.page, 'fee-standard-01-enable')
    await s.page.getByRole('button', { name: /确\s*定/ }).last().click()
    // Exactly 启用: the draft's own tag, 未启用, contains it and would let the check pass before the save.
    await row.locator('.ant-tag', { hasText: /^启用$/ }).waitFor()
    const list = await call(s.server.base, 'GET', '/api/dfbz', { token: s.token })
    const students = list.filter((x) => x.category === 'student').map((x) => `${x.name}:${x.state}`)
    assert.deepEqual(students.sort(), ['学生党员党费标准:void', '学生党员党费标准（试行）:on'])
  })

  it('enters a base with the live preview and lists its due', async () => {
    await s.page.goto(`${s.server.base}/web/dfgl/base`)
    await s.page.getByRole('button', { name: '录入基数' }).click()
    const dialog = s.page.locator('.ant-modal').filter({ hasText: /录入 \d+ 年党费基数/ })
    const member = dialog.locator('.ant-form-item').filter({ hasText: '党员' }).first().locator('.ant-select')
    await member.click()
    await dialog.locator('.ant-form-item').filter({ hasText: '党员' }).first().locator('input').fill('党费测试')
    await s.page.locator('.ant-select-item-option-content:visible', { hasText: '党费测试' }).first().click()
    await dialog.locator('input#items_postPay').fill('6000')
    await dialog.locator('input#items_housingSubsidy').fill('900')
    await dialog.locator('input#items_incomeTax').fill('200')
    await dialog.getByText('月基数 5,800.00 元（计入项目 6,000.00 − 扣除项目 200.00）× 1.5%（5000 < 基数 ≤ 10000）= 87.00 元').waitFor()
    await screenshot(s.page, 'fee-standard-02-preview')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = s.page.locator('tr.ant-table-row').filter({ hasText: '党费测试' })
    await row.getByRole('cell', { name: '87.00', exact: true }).waitFor()
    await screenshot(s.page, 'fee-standard-03-list')
  })
})
