import { SignupChooser } from '../../features/auth/components/signup-chooser';
import { useAuthT } from '../../features/auth/i18n';
import { PublicTitle } from '../layouts/site-title';

export function SignupRoute() {
  const { t } = useAuthT();
  return (
    <>
      <PublicTitle title={t('titles.signup')} />
      <SignupChooser />
    </>
  );
}
