import { SignupChooser } from '../../features/auth/components/signup-chooser';
import { PageTitle } from '../../features/config/components/page-title';

export function SignupRoute() {
  return (
    <>
      <PageTitle title="Sign up" />
      <SignupChooser />
    </>
  );
}
