import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchOwnProfile, ownProfileQueryKey, type OwnProfile } from '../api/profile';

/** The logged-in consultant's own profile (`GET profile`). */
export function useOwnProfile() {
  return useQuery({
    queryKey: ownProfileQueryKey,
    queryFn: ({ signal }) => fetchOwnProfile(signal),
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
}

/**
 * A change to the own profile. Every profile call answers with the saved own profile, which replaces the
 * cached one (completion and missing parts included), so no second request is needed.
 */
export function useOwnProfileMutation<Variables>(
  mutationFn: (variables: Variables) => Promise<OwnProfile>,
  options: { handlesErrors?: boolean; onSuccess?: (profile: OwnProfile, variables: Variables) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: options.handlesErrors ?? false },
    onSuccess: (profile, variables) => {
      queryClient.setQueryData(ownProfileQueryKey, profile);
      // Other users' views of this profile are stale now.
      void queryClient.invalidateQueries({ queryKey: ['profile', 'viewed'] });
      options.onSuccess?.(profile, variables);
    },
  });
}
