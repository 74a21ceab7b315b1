import { isExternal } from '@/utils/validate'

/** A record's link (to-do, message, warning): in-app paths stay under /web, external ones open a new tab. */
export default function RecordLink({ link, text = '查看' }: { link?: string; text?: string }) {
  if (!link) return null
  if (isExternal(link)) {
    return (
      <a href={link} target="_blank" rel="noreferrer">
        {text}
      </a>
    )
  }
  return <a href={`${import.meta.env.BASE_URL.replace(/\/$/, '')}${link.startsWith('/') ? link : `/${link}`}`}>{text}</a>
}
