/** Every TanStack Query key, in one place. */
export const queryKeys = {
  config: ['config'] as const,
  me: ['auth', 'me'] as const,
  invitationPreview: (token: string) => ['invitations', 'preview', token] as const,
  invitations: {
    all: ['invitations', 'list'] as const,
    list: (role: 'admin' | 'employee') => ['invitations', 'list', role] as const,
  },
  users: {
    all: ['users'] as const,
    list: (role: 'admin' | 'employee') => ['users', role] as const,
  },
};

/** Queries that do not depend on who is signed in; they survive sign-in and sign-out. */
export function isPublicQueryKey(key: readonly unknown[]): boolean {
  return key[0] === queryKeys.config[0] || (key[0] === 'invitations' && key[1] === 'preview');
}
