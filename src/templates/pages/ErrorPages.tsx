import type { ErrorPageProps } from '../../engine/template-api';
import { homeUrl } from '../../shared/locales';
import ErrorPage from '../../widgets/islands/ErrorPage';
import { Island } from '../components/Island';
import { Document } from '../layout/Document';

/**
 * `404.html` and `error.html`: static in English, then the ErrorPage island shows the visited
 * path and switches to the locale of `/hu/...` and `/de/...` paths.
 */
export function ErrorPages(props: ErrorPageProps) {
  const { kind, i18n, assets } = props;
  const homes = Object.fromEntries(props.site.locales.all.map(({ code }) => [code, homeUrl(props.site.locales, code)]));
  const heading = kind === 'not-found' ? i18n.t('widgets.error.notFound') : i18n.t('widgets.error.generic');
  return (
    <Document {...props} title={i18n.t('widgets.error.pageTitle')} description={heading} noindex bareTitle>
      <Island name="ErrorPage" component={ErrorPage} props={{ kind, homes, locales: props.site.locales.all.map(({ code, tag }) => ({ code, tag })), defaultLocale: props.site.locales.default }} strategy="load" i18n={i18n} assets={assets} />
    </Document>
  );
}
