// End-to-end scenario of the unit information base and the people registry as the admin.
import assert from 'node:assert/strict'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

describe('unit information base and people registry', () => {
  const s = adminScenario(async ({ server, token, page }) => {
    // The party organisation the unit is paired with.
    await call(server.base, 'POST', '/api/dzzxx', { token, body: { code: 'E2EDW', name: '端到端学院党委', type: '1', termYears: 5 } })
    await signInAdmin(page, server.base)
  })
  const { it } = s

  const formItem = (scope, label) => scope.locator('.ant-form-item').filter({ has: s.page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
  /** Picks an option of a select (searching the server first when asked) and checks it was taken. */
  const pick = async (scope, label, text, { search, tree } = {}) => {
    const item = formItem(scope, label)
    const select = item.locator('.ant-select')
    for (let attempt = 0; attempt < 3; attempt++) {
      await select.click()
      if (search) await item.locator('input').fill(search)
      // Remote options are replaced when the search answers: click only a visible one.
      await s.page.locator(`${tree ? '.ant-select-tree-title' : '.ant-select-item-option-content'}:visible`, { hasText: text }).first().click()
      try {
        await select.filter({ hasText: text }).waitFor({ timeout: 2000 })
        return
      } catch {
        await s.page.keyboard.press('Escape')
      }
    }
    throw new Error(`“${label}”选不中“${text}”`)
  }

  /** Saves a drawer or dialog and waits for it to close; a screenshot shows why when it stays open. */
  const submit = async (form, name) => {
    await form.getByRole('button', { name: /确\s*定/ }).click()
    try {
      await form.waitFor({ state: 'detached' })
    } catch (e) {
      await screenshot(s.page, `${name}-not-saved`)
      throw e
    }
  }

  it('creates a unit paired with an organisation, edits its leader and restores it from the trail', async () => {
    await s.page.goto(`${s.server.base}/web/unit/dwxx`)
    await s.page.getByRole('button', { name: /新\s*增$/ }).click()
    const drawer = s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增单位' })
    await drawer.getByPlaceholder('请输入单位名称').fill('端到端学院')
    await drawer.getByPlaceholder('请输入单位编码').fill('E2EU1')
    await pick(drawer, '单位类型', '院系')
    await pick(drawer, '对应党组织', '端到端学院党委', { tree: true })
    await drawer.getByPlaceholder('请输入负责人姓名').fill('李院长')
    await submit(drawer, 'unit-01-unit-form')

    await s.page.getByPlaceholder('单位名称、简称或编码').fill('E2EU1')
    await s.page.getByRole('button', { name: /搜\s*索/ }).click()
    const row = s.page.locator('tr.ant-table-row').filter({ hasText: '端到端学院党委' })
    await row.getByRole('button', { name: /编\s*辑/ }).click()
    const edit = s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: '编辑单位：端到端学院' })
    await edit.getByPlaceholder('请输入负责人姓名').fill('张院长')
    await submit(edit, 'unit-01-unit-edit')
    await row.getByText('张院长').waitFor()

    await row.getByRole('button', { name: '详情' }).click()
    const detail = s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: '单位详情：端到端学院' })
    await detail.getByRole('tab', { name: '变动轨迹' }).click()
    await detail.locator('.trail-entry').filter({ hasText: '张院长' }).waitFor()
    await screenshot(s.page, 'unit-01-trail')
    await detail.getByRole('button', { name: '还原到此版本' }).first().click()
    await s.page.getByRole('button', { name: /确\s*定/ }).last().click()
    await s.page.getByText('还原成功').first().waitFor()

    const units = await call(s.server.base, 'GET', '/api/dwxx?code=E2EU1', { token: s.token })
    assert.equal(units.content.length, 1)
    assert.equal(units.content[0].leaderName, '李院长')
    assert.equal(units.content[0].dzzName, '端到端学院党委')
    await detail.getByRole('tab', { name: '基本信息' }).click()
    await detail.locator('.ant-descriptions').getByText('李院长', { exact: true }).waitFor()
  })

  it('lists the changes on the unit trail s.page, expands one and links to the unit', async () => {
    await s.page.goto(`${s.server.base}/web/unit/trail`)
    await s.page.getByPlaceholder('请输入单位名称').fill('端到端')
    await s.page.getByRole('button', { name: /搜\s*索/ }).click()
    const rows = s.page.locator('tr.ant-table-row').filter({ hasText: '端到端学院' })
    // created, edited, restored
    await rows.nth(2).waitFor()
    assert.equal(await rows.count(), 3)
    const edited = rows.filter({ hasText: '用户修改' })
    await edited.locator('.ant-table-row-expand-icon').click()
    await s.page.locator('.ant-table-expanded-row').getByText('张院长').waitFor()
    await edited.getByRole('button', { name: '端到端学院' }).click()
    await s.page.waitForURL(/\/web\/unit\/dwxx\?id=\d+$/)
    await s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: '单位详情：端到端学院' }).waitFor()
  })

  it('creates a class and a student in the unit and finds the student by number', async () => {
    await s.page.goto(`${s.server.base}/web/people/bj`)
    await s.page.getByRole('button', { name: /新\s*增$/ }).click()
    const dialog = s.page.locator('.ant-modal').filter({ hasText: '新增班级' })
    await dialog.getByPlaceholder('请输入班级编码').fill('E2EB1')
    await dialog.getByPlaceholder('请输入班级名称').fill('端到端2401班')
    await pick(dialog, '所在单位', '端到端学院', { search: '端到端' })
    await submit(dialog, 'unit-02-class-form')
    await s.page.locator('tr.ant-table-row').filter({ hasText: '端到端2401班' }).waitFor()

    await s.page.goto(`${s.server.base}/web/people/xsjbxx`)
    await s.page.getByRole('button', { name: /新\s*增$/ }).click()
    const drawer = s.page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增学生' })
    await drawer.getByPlaceholder('请输入学号').fill('E2E2024001')
    await drawer.getByPlaceholder('请输入姓名').fill('赵同学')
    await drawer.getByPlaceholder('15位或18位身份证号码').fill(idNumber('11010520060307123'))
    await pick(drawer, '所在单位', '端到端学院', { search: '端到端' })
    await pick(drawer, '班级', '端到端2401班')
    await submit(drawer, 'unit-02-student-form')

    await s.page.getByPlaceholder('姓名、学号，或完整身份证号/手机号').fill('E2E2024001')
    await s.page.getByRole('button', { name: /搜\s*索/ }).click()
    const row = s.page.locator('tr.ant-table-row').filter({ hasText: 'E2E2024001' })
    await row.getByText('赵同学').waitFor()
    await row.getByText('端到端2401班').waitFor()
    await screenshot(s.page, 'unit-02-student')
    assert.equal(await s.page.locator('tr.ant-table-row').count(), 1)
  })
})
