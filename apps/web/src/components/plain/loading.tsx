import { usePlainT } from './i18n';

type LoadingProps = { fullPage?: boolean };

/** SPEC section 2: while a page loads, the text 'Loading...' is shown. Plain markup, no UI kit. */
export function Loading({ fullPage = true }: LoadingProps) {
  const { t } = usePlainT();
  return (
    <div className={fullPage ? 'app-loading app-loading--page' : 'app-loading'} role="status" aria-live="polite">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
