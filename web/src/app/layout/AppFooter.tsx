import { isTrue, useConfigStore } from '@/stores/config'

/** Footer HTML from config (sanitised by the server), shown unless showFooter is 'false'. */
export default function AppFooter() {
  const config = useConfigStore((s) => s.config)
  const school = useConfigStore((s) => s.school)
  const show = config.showFooter === undefined || config.showFooter === '' || isTrue(config.showFooter)
  const html = config.footerHtml || school?.footer
  if (!show || (!html && !config.filingNumber)) return null
  return (
    <footer className="app-footer">
      {html && <div dangerouslySetInnerHTML={{ __html: html }} />}
      {config.filingNumber && <div>{config.filingNumber}</div>}
    </footer>
  )
}
