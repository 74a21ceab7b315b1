import { isTrue, useConfigStore } from '@/stores/config'

/**
 * The school's footer, else the footer HTML from config (both sanitised by the server), as on the
 * login page; shown unless showFooter is 'false'.
 */
export default function AppFooter() {
  const config = useConfigStore((s) => s.config)
  const school = useConfigStore((s) => s.school)
  const show = config.showFooter === undefined || config.showFooter === '' || isTrue(config.showFooter)
  const html = school?.footer || config.footerHtml
  if (!show || (!html && !config.filingNumber)) return null
  return (
    <footer className="app-footer">
      {html && <div dangerouslySetInnerHTML={{ __html: html }} />}
      {config.filingNumber && <div>{config.filingNumber}</div>}
    </footer>
  )
}
