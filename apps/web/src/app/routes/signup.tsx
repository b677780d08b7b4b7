import { SignupChooser } from '../../features/auth/components/signup-chooser';
import { PublicTitle } from '../layouts/site-title';

export function SignupRoute() {
  return (
    <>
      <PublicTitle title="Sign up" />
      <SignupChooser />
    </>
  );
}
