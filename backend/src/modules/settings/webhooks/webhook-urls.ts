/** The inbound URLs a brand webhook's id forms (spec part 2 section 7), under PUBLIC_BASE_URL. */
export function retellWebhookUrl(publicBaseUrl: string, webhookId: string): string {
  return `${publicBaseUrl}/api/webhooks/retell/${webhookId}`;
}

export function createWarrantyTicketUrl(publicBaseUrl: string, webhookId: string): string {
  return `${publicBaseUrl}/api/functions/create_warranty_ticket/${webhookId}`;
}
