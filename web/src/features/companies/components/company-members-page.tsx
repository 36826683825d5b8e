import {
  checkInviteEmails,
  COMPANY_PERMISSIONS,
  INVITE_EMAILS_MAX,
  splitEmailList,
  type CompanyPermission,
  type InviteEmailsIssue,
} from '@mp/domain/companies';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/date-format';
import { displayName } from '../../../lib/display-name';
import { describeError } from '../../../lib/errors';
import { messageKey } from '../../../lib/validation';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import {
  changeMember,
  companiesQueryKey,
  inviteByEmail,
  inviteLinkQueryOptions,
  membersQueryOptions,
  regenerateInviteLink,
  removeMember,
  type InvitationsSent,
  type MemberView,
} from '../api/companies';
import type { CompanyOutletContext } from './company-layout';

/**
 * Company members (app/company/members): permissions, removal, the invite link with a copy button, and
 * invitations by e-mail carrying that link.
 */
export function CompanyMembersPage() {
  const { t } = useTranslation('companies');
  const { company } = useOutletContext<CompanyOutletContext>();
  if (!company.permissions.includes('manage_members')) {
    return (
      <Alert severity="info" data-testid="members-no-permission">
        {t('members.noPermission')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <InviteLinkCard companyId={company.id} />
      <InviteByEmailCard companyId={company.id} />
      <MembersList
        companyId={company.id}
        companyName={company.businessName}
        isAdmin={company.role === 'admin'}
        actorPermissions={company.permissions}
      />
    </Box>
  );
}

function InviteLinkCard({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation('companies');
  const queryClient = useQueryClient();
  const link = useQuery(inviteLinkQueryOptions(companyId));
  const regenerate = useSubmitMutation({
    mutationFn: () => regenerateInviteLink(companyId),
    onSuccess: (data) => {
      queryClient.setQueryData(inviteLinkQueryOptions(companyId).queryKey, data);
      showAlert(t('members.link.regenerated'), 'success');
    },
  });
  const copy = async () => {
    if (!link.data) return;
    await navigator.clipboard.writeText(link.data.url);
    showAlert(t('members.link.copied'), 'success');
  };
  const expires = link.data ? formatDate(link.data.expiresAt, i18n.language) : '';
  return (
    <Card>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('members.link.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('members.link.lead')}
        </Typography>
        <TextField
          value={link.data?.url ?? ''}
          label={t('members.link.label')}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'invite-link' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('members.link.copy')}>
                    <IconButton aria-label={t('members.link.copy')} onClick={() => void copy()} edge="end">
                      <ContentCopyOutlined />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          helperText={link.data ? t('members.link.expires', { date: expires }) : undefined}
        />
        <Button sx={{ mt: 1.5 }} onClick={() => regenerate.mutate()} disabled={regenerate.isPending}>
          {t('members.link.regenerate')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Invitations by e-mail: addresses as people paste them (commas, spaces or new lines), checked here with the
 * API's own rules; each gets the join link above in the language of this page. The answer says who got one,
 * who is a member already, and keeps any address the mail could not reach in the box to try again.
 */
function InviteByEmailCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation('companies');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [issue, setIssue] = useState<InviteEmailsIssue | null>(null);
  const [result, setResult] = useState<InvitationsSent | null>(null);
  const send = useSubmitMutation({
    mutationFn: (emails: string[]) => inviteByEmail(companyId, emails),
    meta: { handlesErrors: true },
    onSuccess: (data) => {
      // The mails carry the live link; when the old one had expired, the invitation made a new one.
      queryClient.setQueryData(inviteLinkQueryOptions(companyId).queryKey, data.link);
      setResult(data);
      setText(data.notSent.join('\n'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const checked = checkInviteEmails(splitEmailList(text));
    setIssue(checked.issue ?? null);
    if (checked.emails) send.mutate(checked.emails);
  };
  const problem = issue ? t(messageKey(issue.code), issue.params) : undefined;
  return (
    <Card>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
          {t('members.invite.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('members.invite.lead')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} data-testid="invite-by-email">
          <TextField
            label={t('members.invite.label')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setIssue(null);
            }}
            multiline
            minRows={2}
            fullWidth
            error={Boolean(problem)}
            helperText={problem ?? t('members.invite.helper', { max: INVITE_EMAILS_MAX })}
            slotProps={{ htmlInput: { 'data-testid': 'invite-emails' } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={send.isPending}>
            {t('members.invite.send')}
          </Button>
        </Box>
        {send.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="invite-error">
            {describeError(send.error)}
          </Alert>
        )}
        {result && (
          <Box sx={{ display: 'grid', gap: 1, mt: 2 }} data-testid="invite-result">
            {result.sent.length > 0 && (
              <Alert severity="success">{t('members.invite.sent', { count: result.sent.length })}</Alert>
            )}
            {result.alreadyMembers.length > 0 && (
              <Alert severity="info">
                {t('members.invite.alreadyMembers', { emails: result.alreadyMembers.join(', ') })}
              </Alert>
            )}
            {result.notSent.length > 0 && (
              <Alert severity="warning">
                {t('members.invite.notSent', { emails: result.notSent.join(', ') })}
              </Alert>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function MembersList({
  companyId,
  companyName,
  isAdmin,
  actorPermissions,
}: {
  companyId: string;
  companyName: string;
  isAdmin: boolean;
  actorPermissions: readonly CompanyPermission[];
}) {
  const { t } = useTranslation('companies');
  const members = useQuery(membersQueryOptions(companyId));
  const heading = useRef<HTMLHeadingElement>(null);
  // After a removal focus goes to the heading.
  const focusAfterRemoval = useFocusAfterRemoval({
    items: members.data,
    idOf: (member) => member.userId,
    focus: () => heading.current,
  });
  // The API keeps at least one admin: the only one can neither leave nor become a member.
  const adminCount = members.data?.filter((member) => member.role === 'admin').length ?? 0;
  return (
    <Box>
      {/* Focus lands here after a removal: the removed row held the focused button (QA5 F13). */}
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h2"
        sx={{ fontSize: '1.1rem', mb: 1.5, '&:focus': { outline: 'none' } }}
        data-testid="members-heading"
      >
        {t('members.title')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        data-testid="members"
      >
        {members.data?.map((member) => (
          <MemberRow
            key={member.userId}
            companyId={companyId}
            companyName={companyName}
            member={member}
            soleAdmin={member.role === 'admin' && adminCount === 1}
            actorIsAdmin={isAdmin}
            actorPermissions={actorPermissions}
            onRemoved={() => focusAfterRemoval({ id: member.userId })}
          />
        ))}
      </Box>
    </Box>
  );
}

function MemberRow({
  companyId,
  companyName,
  member,
  soleAdmin,
  actorIsAdmin,
  actorPermissions,
  onRemoved,
}: {
  companyId: string;
  companyName: string;
  member: MemberView;
  /** The member was removed: told before the list is fetched again without their row (and its focused button). */
  onRemoved: () => void;
  /** The company's only admin: demoting them or their leaving is refused, so those buttons are off. */
  soleAdmin: boolean;
  actorIsAdmin: boolean;
  actorPermissions: readonly CompanyPermission[];
}) {
  const { t } = useTranslation('companies');
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [permissions, setPermissions] = useState<CompanyPermission[]>(member.permissions);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const isAdmin = member.role === 'admin';
  const editable = !isAdmin || actorIsAdmin;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersQueryOptions(companyId).queryKey }),
      queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
    ]);
  const save = useSubmitMutation({
    mutationFn: (change: Parameters<typeof changeMember>[2]) =>
      changeMember(companyId, member.userId, change),
    onSuccess: async () => {
      await refresh();
      showAlert(t('members.saved'), 'success');
    },
  });
  const remove = useSubmitMutation({
    mutationFn: () => removeMember(companyId, member.userId),
    // A removed approver leaves their assignments without one, which the time and contract pages say.
    onSuccess: async () => {
      onRemoved();
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['session', 'time'] })]);
      showAlert(
        isMe
          ? t('members.left', { company: companyName })
          : t('members.removed', { name: who, company: companyName }),
        'success',
      );
    },
    onSettled: () => setConfirmingRemoval(false),
  });
  const name = displayName(member, t('members.noName'));
  const isMe = me?.id === member.userId;
  // The confirmation names the person: by the address when they have no name yet.
  const who = displayName(member, member.email ?? t('members.noName'));
  const toggle = (permission: CompanyPermission) =>
    setPermissions((current) =>
      current.includes(permission) ? current.filter((p) => p !== permission) : [...current, permission],
    );
  const changed =
    permissions.length !== member.permissions.length ||
    permissions.some((p) => !member.permissions.includes(p));
  // Shown under the buttons it turns off, and named by them, so it is read with them.
  const hintId = `sole-admin-${member.userId}`;
  // Only an admin sees those buttons, and with one admin that is the admin's own row.
  const showSoleAdminHint = soleAdmin && actorIsAdmin;
  const soleAdminProps = soleAdmin ? { 'aria-describedby': hintId } : {};
  return (
    <Card component="li" data-testid="member" variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Chip
            size="small"
            label={t(`members.roles.${member.role}`)}
            color={isAdmin ? 'primary' : 'default'}
          />
          {isMe && <Chip size="small" variant="outlined" label={t('members.you')} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {member.email}
        </Typography>
        <Box
          role="group"
          aria-label={t('members.permissionsOf', { name })}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
        >
          {COMPANY_PERMISSIONS.map((permission) => (
            <FormControlLabel
              key={permission}
              control={
                <Checkbox
                  checked={isAdmin || permissions.includes(permission)}
                  // A member who manages members passes on only what they hold (the API refuses the rest).
                  disabled={isAdmin || !editable || (!actorIsAdmin && !actorPermissions.includes(permission))}
                  onChange={() => toggle(permission)}
                  // Named with the member: every row has the same four boxes (QA5 F17).
                  slotProps={{
                    input: {
                      'aria-label': t('members.permissionLabel', {
                        permission: t(`permissions.${permission}`),
                        name: who,
                      }),
                    },
                  }}
                />
              }
              label={t(`permissions.${permission}`)}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {!isAdmin && (
            <Button
              variant="contained"
              size="small"
              disabled={!changed || save.isPending}
              onClick={() => save.mutate({ permissions })}
              // Named with the member: every row has the same buttons (QA7 H6).
              aria-label={t('members.savePermissionsOf', { name: who })}
            >
              {t('members.savePermissions')}
            </Button>
          )}
          {actorIsAdmin && (
            <Button
              size="small"
              disabled={soleAdmin || save.isPending}
              onClick={() => save.mutate({ role: isAdmin ? 'member' : 'admin' })}
              aria-label={t(isAdmin ? 'members.makeMemberOf' : 'members.makeAdminOf', { name: who })}
              {...soleAdminProps}
            >
              {isAdmin ? t('members.makeMember') : t('members.makeAdmin')}
            </Button>
          )}
          {editable && (
            <Button
              size="small"
              color="error"
              onClick={() => setConfirmingRemoval(true)}
              aria-label={isMe ? undefined : t('members.removeOf', { name: who })}
              disabled={soleAdmin || remove.isPending}
              {...soleAdminProps}
            >
              {isMe ? t('members.leave') : t('members.remove')}
            </Button>
          )}
        </Box>
        {showSoleAdminHint && (
          <Typography
            id={hintId}
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1 }}
            data-testid="sole-admin-hint"
          >
            {t('members.soleAdminHint')}
          </Typography>
        )}
        {/* Removal ends access at once and may leave assignments without an approver: asked first. */}
        <ConfirmDialog
          open={confirmingRemoval}
          title={
            isMe
              ? t('members.confirmLeave.title', { company: companyName })
              : t('members.confirmRemove.title', { name: who, company: companyName })
          }
          body={[
            isMe
              ? t('members.confirmLeave.body', { company: companyName })
              : t('members.confirmRemove.body', { name: who, company: companyName }),
            // Their assignments as consultant end today with the membership (docs/decisions.md): said first.
            member.runningAssignments.length > 0 &&
              t(isMe ? 'members.confirmLeave.endsAssignments' : 'members.confirmRemove.endsAssignments', {
                name: who,
                company: companyName,
                assignments: member.runningAssignments.map((assignment) => assignment.name).join(', '),
              }),
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={isMe ? t('members.leave') : t('members.remove')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirmingRemoval(false)}
        />
      </CardContent>
    </Card>
  );
}
