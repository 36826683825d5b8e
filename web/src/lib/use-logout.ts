import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from './auth';
import { paths } from './paths';
import { useLocalizedPath } from './use-localized-path';

/** Logs out (the server revokes the token) and goes to `target`, home by default. */
export function useLogout(): (target?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return useCallback(
    async (target = paths.home()) => {
      await logout(queryClient);
      await navigate(localize(target), { replace: true });
    },
    [queryClient, navigate, localize],
  );
}
