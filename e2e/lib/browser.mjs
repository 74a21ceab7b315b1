// Debian's chromium driven by playwright-core (no downloaded browser), fresh profile per run.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { it as nodeIt } from 'node:test'
import { chromium } from 'playwright-core'

/** Debian's chromium-headless-shell when installed (the same build without the browser's UI, lighter), else chromium. */
export const CHROMIUM =
  process.env.CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts')

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A phone (issue 10): 390×844, touch, mobile viewport rules. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

/** A fresh browser; `device` (e.g. PHONE) replaces the desktop viewport. */
export async function openBrowser(device = {}) {
  mkdirSync(ARTIFACTS, { recursive: true })
  const profile = mkdtempSync(join(tmpdir(), 'zhdj-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1366, height: 860 },
    locale: 'zh-CN',
    // The users' clock: the server counts days in China, and so does a browser there. In UTC the web's
    // default dates (today in a date field) were a day behind the server's between 0:00 and 8:00 in China.
    timezoneId: 'Asia/Shanghai',
    // The app turns antd's animations off for users who ask for reduced motion. Tests ask too: a click
    // that lands while a dialog zooms in can miss its button (seen as a lost "确定导入").
    reducedMotion: 'reduce',
    ...device,
  })
  // Generous: a 2-core CI machine can be slow to paint; a passing run never waits this long.
  context.setDefaultTimeout(30_000)
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false })
}

/**
 * `it` whose failures leave a screenshot of the page as it was (artifacts/FAILED-<test>.png), so a
 * failure seen once can be looked at. getPage is called at failure time: the page is made in `before`.
 */
export function itWithScreenshot(getPage) {
  return (name, fn) =>
    nodeIt(name, async (t) => {
      try {
        await fn(t)
      } catch (e) {
        const page = getPage()
        const file = `FAILED-${name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}.png`
        await page?.screenshot({ path: join(ARTIFACTS, file) }).catch(() => undefined)
        // CI keeps only the printed output: what the page told its user (a failed request's notification, a
        // message) goes with the error, so a failure seen once there says why.
        const told = await page
          ?.locator('.ant-notification-notice, .ant-message-notice')
          .allInnerTexts()
          .catch(() => [])
        if (told?.length && e instanceof Error) e.message += `\nthe page showed: ${told.map((t) => t.replace(/\s+/g, ' ')).join(' | ')}`
        throw e
      }
    })
}

/**
 * Clicks a confirmation's button until the request it sends leaves, and answers its response (sent: a predicate of
 * page.waitForResponse). A click the dialog did not take (it was still opening: seen in clean-clone runs on a loaded
 * machine, never when the walk runs alone) leaves it open with nothing sent: it is clicked again, at most three
 * times. A request that was sent closes the dialog, so a dialog gone means the failure is the request's.
 */
export async function clickUntilSent(page, button, sent) {
  for (let attempt = 1; ; attempt++) {
    const response = page.waitForResponse(sent, { timeout: attempt < 3 ? 10_000 : 30_000 })
    await button.click()
    try {
      return await response
    } catch (e) {
      if (attempt === 3 || !(await button.isVisible())) throw e
    }
  }
}
