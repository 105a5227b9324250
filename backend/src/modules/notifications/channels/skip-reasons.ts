/** Why a delivery was skipped, as `notification_deliveries.detail` and the contact tests say it. */
export const NO_EMAIL = 'No email configured';
export const NO_SMTP = 'No SMTP server configured';
export const NO_PHONE = 'No phone number configured';
export const NO_PUSH_SUBSCRIPTION = 'No push subscription';
