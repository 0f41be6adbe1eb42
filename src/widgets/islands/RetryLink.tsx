import { useEffect, useState } from 'react';
import { useTranslate } from '../runtime/messages';
import { RETRY_KEY } from '../forms/use-record-form';

/** "Try again" on the failure page: back to the form the visitor sent, where the draft waits. */
export default function RetryLink({ fallbackUrl }: { fallbackUrl: string }) {
  const t = useTranslate();
  const [href, setHref] = useState(fallbackUrl);
  useEffect(() => {
    const path = sessionStorage.getItem(RETRY_KEY);
    if (path?.startsWith('/')) setHref(`${path}#form`);
  }, []);
  return (
    <a className="button" href={href}>
      {t('widgets.form.tryAgain')}
    </a>
  );
}
