import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { startSession } from '../../../lib/auth';
import { onwardTargetOf, withOnwardTarget } from '../../../lib/expired-login';
import { paths, postLoginPath } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/**
 * After a successful login (BankID or password): save the token, load the user and companies, then go on.
 * A verified user goes to the remembered target (with its tab) or the dashboard; an unverified one to setup,
 * which carries the target on through the e-mail confirmation; a company invite (`link`) back to the invite.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const tab = searchParams.get('tab');
  const link = searchParams.get('link');
  const onward = onwardTargetOf(searchParams);

  return useCallback(
    async (token: string) => {
      const user = await startSession(queryClient, token);
      let target: string;
      if (!user.verified) target = withOnwardTarget(paths['auth-setup'](), onward);
      else if (link) target = paths.join(link);
      else target = postLoginPath(redirect, tab);
      await navigate(localize(target), { replace: true });
    },
    [queryClient, navigate, localize, redirect, tab, link, onward],
  );
}
