export function CallToAction({ title, text, href, label }: { title: string; text: string; href: string; label: string }) {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>{text}</p>
        </div>
        <a className="button button--light" href={href}>
          {label}
        </a>
      </div>
    </section>
  );
}
