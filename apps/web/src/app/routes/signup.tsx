import { SignupChooser } from '../../features/auth/components/signup-chooser';
import { PublicTitle } from '../../features/config/components/public-title';

export function SignupRoute() {
  return (
    <>
      <PublicTitle title="Sign up" />
      <SignupChooser />
    </>
  );
}
