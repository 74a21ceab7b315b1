// 数据源配置 (issue 32): the administrator adds the HR system (an HTTP endpoint, a double run here) as a source of
// 教师信息, previews it, maps its fields, runs it, and finds the teachers in the registry and the run in its history.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { describe } from 'node:test'
import { adminScenario, signInAdmin } from '../lib/admin.mjs'
import { call } from '../lib/api.mjs'
import { screenshot } from '../lib/browser.mjs'

/** The HR system: GET /staff answers {"data": {"list": [...]}}. */
async function startHR() {
  const records = [
    { gh: 'E2EHR001', xm: '端到端张老师', xb: '男', dw: '端到端人事学院' },
    { gh: 'E2EHR002', xm: '端到端李老师', xb: '女', dw: '端到端人事学院' },
  ]
  const server = createServer((req, res) => {
    if (!req.url.startsWith('/staff')) return res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 0, data: { list: records } }))
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${server.address().port}/staff?token=e2e-secret`, close: () => server.close() }
}

describe('数据源配置', () => {
  let hr
  const s = adminScenario(async ({ server, token, page }) => {
    hr = await startHR()
    const org = await call(server.base, 'POST', '/api/dzzxx', { token, body: { code: 'E2EHRO', name: '端到端人事党委', type: '1' } })
    await call(server.base, 'POST', '/api/dwxx', { token, body: { name: '端到端人事学院', code: 'E2EHRDW', type: '1', dzzId: org.id } })
    await signInAdmin(page, server.base)
  })

  s.it('adds the HR system, previews and maps it, runs it, and the teachers are in the registry', async () => {
    const { page, server, token } = s
    try {
      await page.goto(`${server.base}/web/system/dataSource`)
      await page.getByText('还没有数据源', { exact: false }).waitFor()
      await page.getByRole('button', { name: '新增数据源' }).click()
      const dialog = page.getByRole('dialog', { name: '新增数据源' })
      await dialog.getByPlaceholder('如 人事系统（教职工）').fill('人事系统')
      await dialog.locator('.ant-select').first().click()
      await page.locator('.ant-select-item-option-content:visible', { hasText: '教师信息' }).click()
      await dialog.getByPlaceholder(/hr\.school\.edu\.cn/).fill(hr.url)
      await dialog.getByPlaceholder('data.list').fill('data.list')
      await dialog.getByRole('button', { name: '预览前 10 条' }).click()
      await dialog.getByText('来源字段：dw、gh、xb、xm').waitFor()
      for (const [label, field] of [['工号', 'gh'], ['姓名', 'xm'], ['性别', 'xb'], ['所在单位', 'dw']]) {
        await dialog.getByLabel(`${label}的来源字段`).fill(field)
      }
      await dialog.getByRole('button', { name: '预览前 10 条' }).click()
      await dialog.getByRole('cell', { name: '端到端李老师' }).waitFor()
      await screenshot(page, 'datasource-dialog')
      await dialog.getByRole('button', { name: /保\s*存/ }).click()
      await dialog.waitFor({ state: 'hidden' })

      const row = page.locator('tr', { hasText: '人事系统' })
      // The address shows its host (waited for: the list reloads after the save).
      await row.filter({ hasText: '127.0.0.1' }).waitFor()
      assert.ok(!(await page.content()).includes('e2e-secret'), 'the token in the address is never shown')
      await row.getByRole('button', { name: '立即同步' }).click()
      await page.getByRole('button', { name: /确\s*定/ }).click()
      await page.getByText('同步完成：读取 2：新增 2，更新 0，未变 0，有误 0').waitFor()
      await row.getByRole('button', { name: '同步记录' }).click()
      await page.getByRole('dialog', { name: '同步记录：人事系统' }).getByText('读取 2：新增 2，更新 0，未变 0，有误 0').waitFor()
      await screenshot(page, 'datasource-runs')

      const teachers = await call(server.base, 'GET', '/api/jsjbxx?size=50', { token })
      const names = teachers.content.map((t) => t.name).sort()
      assert.deepEqual(names, ['端到端张老师', '端到端李老师'])
    } finally {
      hr.close()
    }
  })
})
