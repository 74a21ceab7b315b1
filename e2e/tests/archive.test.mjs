// End-to-end 个人档案 on a fresh database: a branch with a member whose account is made over the API (党员),
// another member, and a 党支部书记 account. The member opens 个人档案 from the 党员 top bar and sees their
// sections (基本信息 masked, 组织生活 empty saying why); on 档案文件 they click 手机上传, and the link the QR code
// carries is opened on a phone (a second browser): a small PNG uploaded there shows on the desktop without a
// reload, and the same link opened again says it is spent. The member shares the file with the role 党支部书记:
// the secretary opens it (logged in 查看记录), the other member, outside the role, gets 404 until the member
// shares it with them by name (指定人员, found by the full name without 用户管理).
import assert from 'node:assert/strict'
import { after, describe } from 'node:test'
import { adminScenario, openMemberEntry, signIn } from '../lib/admin.mjs'
import { call, login, setPassword } from '../lib/api.mjs'
import { openBrowser, PHONE, screenshot } from '../lib/browser.mjs'
import { idNumber } from '../lib/xlsx.mjs'

const BRANCH = '档案测试教工党支部'
const MEMBER = { username: 'dagl01', password: 'Dangan#2026my', name: '端到端档案党员', no: 'E2EDA001', id: idNumber('42010219900303123') }
const OTHER = { username: 'dagl02', password: 'Dangan#2026ot', name: '端到端其他党员', no: 'E2EDA002', id: idNumber('42010219910404123') }
const SECRETARY = { username: 'dagl03', password: 'Dangan#2026sj', nickName: '端到端档案书记' }
// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
const FILE = '党员证书照片.png'

describe('个人档案: the record, 手机上传 and 档案共享', () => {
  const s = adminScenario(async ({ server, token }) => {
    const post = (path, body) => call(server.base, 'POST', path, { token, body })
    const root = await post('/api/dzzxx', { code: 'DAGLU', name: '中共档案测试大学委员会', type: '1' })
    const branch = await post('/api/dzzxx', { code: 'DAGLB01', name: BRANCH, type: '5', pid: root.id })
    const roles = await call(server.base, 'GET', '/api/roles/all', { token })
    const role = (name) => roles.find((r) => r.name === name)
    assert.ok(role('党员') && role('党支部书记'), 'the seeded roles 党员 and 党支部书记')
    for (const m of [MEMBER, OTHER]) {
      const made = await post('/api/users', { username: m.username, nickName: m.name, orgId: branch.id, roleIds: [role('党员').id] })
      await setPassword(server.base, m.username, made.initialPassword, m.password)
      await post('/api/dyjbxx', {
        name: m.name, idNumber: m.id, orgId: branch.id, staffOrStudentNo: m.no, userId: made.id,
        partyStatus: '1', personCategory: '2', personType: '2', joinedOn: '2012-07-01',
      })
    }
    const sec = await post('/api/users', { username: SECRETARY.username, nickName: SECRETARY.nickName, orgId: branch.id, roleIds: [role('党支部书记').id] })
    await setPassword(server.base, SECRETARY.username, sec.initialPassword, SECRETARY.password)
  })
  const { it } = s
  let phone
  let link = ''
  after(() => phone?.close())

  it('the member opens 个人档案 from the top bar and sees their sections', async () => {
    const { page } = s
    await page.goto(`${s.server.base}/web/login`)
    await signIn(page, MEMBER.username, MEMBER.password)
    await openMemberEntry(page, '个人档案', '我的档案')
    await page.waitForURL(/\/web\/user\/archives$/)
    const basic = page.getByTestId('archive-basic')
    await basic.getByText(MEMBER.name, { exact: true }).waitFor()
    await basic.getByText(`${MEMBER.id.slice(0, 6)}********${MEMBER.id.slice(14)}`, { exact: true }).waitFor()
    assert.ok(!(await page.locator('.print-layout').innerText()).includes(MEMBER.id), 'the ID number shows in clear')
    await page.getByTestId('archive-meetings').getByText(/暂无参加组织生活的记录/).waitFor()
    await page.getByTestId('archive-development').getByText(/系统中没有您的发展党员记录/).waitFor()
    await page.getByRole('button', { name: /打\s*印/ }).waitFor()
    await screenshot(page, '90-archive-record')
  })

  it('手机上传: the phone uploads through the QR code\'s link and the desktop shows the file without a reload', async () => {
    const { page } = s
    await page.getByRole('tab', { name: '档案文件' }).click()
    await page.getByText(/档案中还没有文件/).waitFor()
    await page.getByRole('button', { name: /手机上传/ }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '手机上传' })
    await dialog.locator('.ant-qrcode').waitFor()
    await dialog.getByTestId('mobile-upload-countdown').getByText(/^\d{2}:\d{2} 后失效$/).waitFor()
    link = await dialog.getByTestId('mobile-upload-url').getAttribute('href')
    assert.match(link, new RegExp(`^${s.server.base}/web/mobileUpload\\?t=`))
    await screenshot(page, '91-archive-qrcode')

    phone = await openBrowser(PHONE)
    const mobile = await phone.context.newPage()
    await mobile.goto(link)
    await mobile.getByText(/文件将存入 端\*+ 的个人档案/).waitFor()
    await mobile.locator('input[type=file]:not([capture])').setInputFiles({ name: FILE, mimeType: 'image/png', buffer: PNG })
    await mobile.getByText('上传成功').waitFor()

    await dialog.getByText(`已收到手机上传的文件：${FILE}`).waitFor()
    await page.getByText('已收到手机上传的文件', { exact: true }).waitFor()
    await dialog.locator('.ant-modal-close').click()
    await page.locator('.attachment-list .ant-table-tbody tr', { hasText: FILE }).waitFor()

    // The link is spent: opened again, the phone is told so.
    await mobile.goto(link)
    await mobile.getByText(/上传链接已使用或已过期/).waitFor()
    await screenshot(mobile, '92-archive-phone-spent')
  })

  it('档案共享: shared with the role 党支部书记, the secretary opens it and another member gets 404', async () => {
    const { page } = s
    await page.getByRole('tab', { name: '档案共享' }).click()
    await page.getByText('还没有共享过档案文件').waitFor()
    await page.getByRole('button', { name: '共享文件' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '共享档案文件' })
    const item = (label) => dialog.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    await item('档案文件').locator('.ant-select').click()
    await page.locator('.ant-select-item-option-content:visible', { hasText: FILE }).click()
    await item('共享对象').locator('.ant-select').click()
    await page.locator('.ant-select-item-option-content:visible', { hasText: /^党支部书记（/ }).click()
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    const row = page.getByTestId('archive-shares').locator('.ant-table-tbody tr', { hasText: FILE })
    await row.getByText('共享中').waitFor()
    await row.getByText('党支部书记', { exact: true }).waitFor()

    const me = await login(s.server.base, MEMBER.username, MEMBER.password)
    const files = await call(s.server.base, 'GET', `/api/archives/${me.user.id}/attachments`, { token: me.token })
    const file = files.find((f) => f.name === FILE)
    assert.ok(file, `the uploaded file in ${JSON.stringify(files)}`)
    const view = async (who) => {
      const { token } = await login(s.server.base, who.username, who.password)
      return fetch(`${s.server.base}/api/archivesShareFile/viewFile?fileId=${file.id}`, { headers: { Authorization: `Bearer ${token}` } })
    }
    const seen = await view(SECRETARY)
    assert.equal(seen.status, 200)
    assert.deepEqual(Buffer.from(await seen.arrayBuffer()), PNG)
    const refused = await view(OTHER)
    assert.equal(refused.status, 404, 'a member outside the role reaches the shared file')

    // The owner's log names the secretary.
    await page.reload()
    await page.getByRole('tab', { name: '档案共享' }).click()
    await row.getByRole('button', { name: '查看记录' }).click()
    const log = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '查看记录' })
    await log.getByText(SECRETARY.nickName, { exact: true }).waitFor()
    await screenshot(page, '93-archive-share-views')
    await page.keyboard.press('Escape')
    await log.waitFor({ state: 'hidden' })

    // 指定人员: the member, without 用户管理, finds the other member by full name; then that member opens it.
    await page.getByRole('button', { name: '共享文件' }).click()
    await item('档案文件').locator('.ant-select').click()
    await page.locator('.ant-select-item-option-content:visible', { hasText: FILE }).click()
    await dialog.getByRole('radio', { name: '指定人员' }).click()
    await item('共享对象').locator('.ant-select').click()
    await page.keyboard.type(OTHER.name)
    await page.locator('.ant-select-item-option-content:visible', { hasText: new RegExp(`^${OTHER.name}`) }).click()
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByTestId('archive-shares').locator('.ant-table-tbody tr', { hasText: OTHER.name }).getByText('共享中').waitFor()
    assert.equal((await view(OTHER)).status, 200, 'the member named by the share opens the file')
  })
})
