import type { Profile, UpdateProfileInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function updateProfile(input: UpdateProfileInput): Promise<{ profile: Profile }> {
  return request<{ profile: Profile }>('/account', { method: 'PATCH', body: input });
}

/** The new name shows at once in the profile and in the app bar (who is signed in). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.account.profile, data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
