import { useSession } from '../session.js';
import { PasskeysPanel } from './PasskeysPanel.js';
import { PasswordPanel } from './PasswordPanel.js';
import { SsoPanel } from './SsoPanel.js';

/** How people sign in: the person's own password and passkeys, and for admins the account's single sign-on. */
export function SignInMethodsSection() {
  const { user } = useSession();
  return (
    <div className="sign-in-methods">
      <PasswordPanel />
      <PasskeysPanel />
      {user.role === 'admin' ? <SsoPanel /> : null}
    </div>
  );
}
