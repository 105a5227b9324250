import { Avatar, Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PageHeader } from '../../components/PageHeader';
import { displayName, roleLabel, userInitials } from '../../lib/userDisplay';
import { useCurrentUser } from '../../providers/useAccount';
import type { User } from '../../providers/types';
import { ChangePasswordCard } from './ChangePasswordCard';
import { PersonalInformationCard } from './PersonalInformationCard';

/** /profile: who you are, your personal information, and a password change. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return <CenteredSpinner fullScreen={false} />;

  return (
    <>
      <PageHeader title="Profile" subtitle="Manage your account settings and personal information" />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <ProfileSummary user={user} />
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <PersonalInformationCard user={user} />
          <ChangePasswordCard />
        </Stack>
      </Box>
    </>
  );
}

function ProfileSummary({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <Card data-testid="profile-summary">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 4 }}>
        <Avatar data-testid="profile-initials" sx={{ width: 88, height: 88, fontSize: 32, fontWeight: 600, bgcolor: 'primary.main' }}>
          {userInitials(user)}
        </Avatar>
        <Typography variant="h6" component="h2" data-testid="profile-name" sx={{ mt: 2, fontWeight: 700, wordBreak: 'break-word' }}>
          {name}
        </Typography>
        {name !== user.username ? (
          <Typography variant="body2" color="text.secondary" data-testid="profile-username">
            @{user.username}
          </Typography>
        ) : null}
        <Chip
          label={roleLabel(user)}
          size="small"
          color={user.is_account_owner ? 'primary' : 'default'}
          data-testid="profile-role"
          sx={{ mt: 1.5 }}
        />
      </CardContent>
      {user.email ? (
        <>
          <Divider />
          <CardContent sx={{ py: 2 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Email
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {user.email}
            </Typography>
          </CardContent>
        </>
      ) : null}
    </Card>
  );
}
