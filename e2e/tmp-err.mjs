import { openBrowser, PHONE } from './lib/browser.mjs'
import { startServer } from './lib/server.mjs'
const server = await startServer({ demoMembers: 0 })
const browser = await openBrowser(PHONE)
const page = await browser.context.newPage()
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)))
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 500)))
try {
  await page.goto(`${server.base}/web/`)
  await page.waitForTimeout(4000)
} finally { await browser.close(); await server.stop() }
