import type { ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { useSession } from '../session.js';
import type { HostChoice } from '../../editor/SignerRoleFields.js';

/**
 * Who may host an in-person signing: the signed-in person first (the default), then, for an admin
 * who may list them, the account's other users. A sender hosts their own in-person signings.
 */
export const useHosts = (): HostChoice[] => {
  const { user } = useSession();
  const users = useApiQuery<ApiData<'listUsers'>>('/account/users', { enabled: user.role === 'admin' });
  const others = (users.data?.users ?? []).filter((other) => other.email !== user.email);
  return [{ email: user.email, name: user.name }, ...others.map((other) => ({ email: other.email, name: other.name }))];
};
