import type { Settings } from '../../providers/types';
import { WebhookManager } from '../../resources/webhooks/WebhookManager';

/** Webhook Configuration: the brand webhooks whose ids form the Retell URLs. */
export function WebhooksSection({ settings }: { settings: Settings }) {
  return <WebhookManager brands={settings.brands} />;
}
