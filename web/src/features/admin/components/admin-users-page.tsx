import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_SEARCH_MAX_LENGTH } from '@mp/domain/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { describeError } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { fieldErrorOf, formIssueText, maxLengthIssue } from '../../../lib/validation';
import { formatDateTime } from '../admin-format';
import { fetchUsers, type UsersFilter } from '../api/admin';

const FLAGS = ['verified', 'premium', 'admin', 'searchable', 'deleted'] as const;
type Flag = (typeof FLAGS)[number];
const PAGE_SIZE = 20;

function readFlag(params: URLSearchParams, flag: Flag): boolean | undefined {
  const value = params.get(flag);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** All users (god/users): search by name, e-mail or id, filters and pages, kept in the address. */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation(['admin', 'messages']);
  const localize = useLocalizedPath();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter: UsersFilter = { q: q || undefined, page, pageSize: PAGE_SIZE };
  for (const flag of FLAGS) filter[flag] = readFlag(params, flag);
  const [text, setText] = useState(q);

  const users = useQuery({
    queryKey: ['admin', 'users', filter],
    queryFn: ({ signal }) => fetchUsers(filter, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

  const change = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  // A page past the end is answered with the last one: the address follows it.
  const answeredPage = users.data?.page;
  useEffect(() => {
    if (answeredPage === undefined || answeredPage === page) return;
    const next = new URLSearchParams(params);
    if (answeredPage > 1) next.set('page', String(answeredPage));
    else next.delete('page');
    setParams(next, { replace: true });
  }, [answeredPage, page, params, setParams]);
  const tooLong = text.trim().length > ADMIN_SEARCH_MAX_LENGTH;
  // Too long a search is refused at the field (typed here, or in the address and refused by the API).
  const searchError = tooLong
    ? formIssueText(t, maxLengthIssue(ADMIN_SEARCH_MAX_LENGTH))
    : fieldErrorOf(users.error, 'q');
  const search = () => {
    if (!tooLong && text.trim() !== q) change({ q: text.trim() || undefined });
  };

  return (
    <Page title={t('sections.users.title')} lead={t('sections.users.lead')}>
      <Box
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
        sx={{
          display: 'grid',
          gap: 2,
          mb: 3,
          gridTemplateColumns: { xs: '1fr 1fr', md: '2fr repeat(5, 1fr)' },
        }}
      >
        <TextField
          label={t('users.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={search}
          error={Boolean(searchError)}
          helperText={searchError}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{
            htmlInput: { 'data-testid': 'users-search' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton type="submit" edge="end" aria-label={t('users.searchButton')}>
                    <SearchOutlined />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        {FLAGS.map((flag) => (
          <TextField
            key={flag}
            select
            size="small"
            label={t(`users.filters.${flag}`)}
            value={params.get(flag) ?? ''}
            onChange={(event) => change({ [flag]: event.target.value || undefined })}
          >
            <MenuItem value="">{t('users.filters.any')}</MenuItem>
            <MenuItem value="true">{t('users.filters.yes')}</MenuItem>
            <MenuItem value="false">{t('users.filters.no')}</MenuItem>
          </TextField>
        ))}
      </Box>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        fieldErrorOf(users.error, 'q') ? null : (
          <Alert severity="error">{describeError(users.error)}</Alert>
        )
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
            {t('users.total', { count: users.data.total })}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding data-testid="users-list">
              {users.data.users.map((user) => (
                <ListItem key={user.id} disablePadding divider>
                  <ListItemButton
                    href={localize(paths['god-user'](user.id))}
                    sx={{ flexWrap: 'wrap', gap: 1 }}
                  >
                    <ListItemText
                      sx={{ minWidth: 0, flex: '1 1 240px' }}
                      primary={[user.firstName, user.lastName].filter(Boolean).join(' ') || t('users.noName')}
                      secondary={`${user.email ?? t('users.noEmail')} · ${formatDateTime(user.createdAt, i18n.language)}`}
                      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {user.verified && <Chip size="small" label={t('users.badges.verified')} />}
                      {user.isPremium && (
                        <Chip size="small" color="primary" label={t('users.badges.premium')} />
                      )}
                      {user.isAdmin && (
                        <Chip size="small" color="secondary" label={t('users.badges.admin')} />
                      )}
                      {user.searchable && (
                        <Chip size="small" variant="outlined" label={t('users.badges.searchable')} />
                      )}
                      {user.deletedAt && (
                        <Chip size="small" color="error" label={t('users.badges.deleted')} />
                      )}
                    </Box>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
          {users.data.total > PAGE_SIZE && (
            <Pagination
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              page={users.data.page}
              count={Math.ceil(users.data.total / PAGE_SIZE)}
              onChange={(_, next) => change({ page: String(next) })}
              getItemAriaLabel={(type, number) =>
                type === 'page' ? t('users.pageLabel', { page: number }) : t(`users.pager.${type}`)
              }
            />
          )}
        </>
      )}
    </Page>
  );
}
