import { Alert } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { useCurrentUser } from '../../providers/session';

/** Owner only; the server enforces it, the page only explains. */
export function UsersPage() {
  const { data: user } = useCurrentUser();
  if (!user?.is_account_owner) {
    return (
      <>
        <PageHeader title="Users" />
        <Alert severity="error" data-testid="users-access-denied">
          Access Denied: Only account owners can access user management.
        </Alert>
      </>
    );
  }
  return <PlaceholderPage title="Users" />;
}
