import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { PageHeader } from '../../components/PageHeader';
import { PhoneNumbersManager } from '../../resources/phone-numbers/PhoneNumbersManager';

/**
 * /settings until the full settings page (branch i14) lands: it mounts the phone-number manager
 * in its "Phone Numbers" section, as here.
 */
export function SettingsPage() {
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Settings" />
      <Accordion defaultExpanded disableGutters data-testid="settings-phone-numbers">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography sx={{ fontWeight: 700 }}>Phone Numbers</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <PhoneNumbersManager />
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
