import WebhookIcon from '@mui/icons-material/Webhook';
import type { RaRecord } from 'react-admin';

/**
 * The brand webhooks resource: <Resource name="webhooks" {...webhooks} />. Listed, created and
 * deleted in Settings (WebhookManager).
 */
const webhooks = {
  icon: WebhookIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};

export default webhooks;
