import { Box, Button } from '@mui/material';
import { PasswordInput, useInput } from 'react-admin';
import { secretStatus } from '../../lib/settingsRules';

/**
 * A write-only secret: starts blank, says whether one is stored, and offers Clear (which sends
 * null) when one is. Blank on save keeps the stored secret.
 */
export function SecretInput({ source, label, isSet }: { source: string; label: string; isSet: boolean }) {
  const { field } = useInput({ source });
  const clearing = field.value === null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <PasswordInput
        source={source}
        label={label}
        autoComplete="new-password"
        helperText={clearing ? 'Will be cleared on save' : secretStatus(isSet)}
        format={(value: unknown) => (value == null ? '' : String(value))}
        parse={(value: string) => value}
        sx={{ flex: 1 }}
      />
      {isSet && !clearing ? (
        <Button size="small" sx={{ mt: 2 }} onClick={() => field.onChange(null)}>
          Clear
        </Button>
      ) : null}
    </Box>
  );
}
