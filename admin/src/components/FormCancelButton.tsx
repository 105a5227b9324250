import { Button, type ButtonProps } from '@mui/material';
import { useFormContext } from 'react-hook-form';

/** Cancel inside a react-admin Form: back to the values it started from, errors cleared. */
export function FormCancelButton(props: Omit<ButtonProps, 'onClick'>) {
  const { reset } = useFormContext();
  return (
    <Button color="inherit" onClick={() => reset()} {...props}>
      Cancel
    </Button>
  );
}
