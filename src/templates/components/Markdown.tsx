/** Renders a page body the engine already turned into sanitized HTML. */
export function Markdown({ html, className = 'prose' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
