import { ApiProperty } from '@nestjs/swagger';
import { A2P_STATUSES, type A2pStatus, type Organization } from '../organization.entity.js';

const text = { nullable: true, type: String } as const;

/**
 * The organization record (spec part 2 section 3) in snake_case. The subaccount auth token is
 * write-only (ARCHITECTURE rule 6): only whether it is set is reported.
 */
export class OrganizationResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty(text) twilio_subaccount_sid!: string | null;
  @ApiProperty({ description: 'Whether a subaccount auth token is stored; the token itself is never returned' })
  twilio_subaccount_auth_token_set!: boolean;
  @ApiProperty(text) subaccount_origin!: string | null;
  @ApiProperty({ nullable: true, type: Date }) imported_at!: Date | null;
  @ApiProperty(text) a2p_brand_id!: string | null;
  @ApiProperty({ enum: A2P_STATUSES, description: 'Synced from Twilio’s brand registration on a schedule' }) a2p_status!: A2pStatus;
  @ApiProperty({ ...text, description: 'Why Twilio failed the registration (a2p_status failed)' }) a2p_failure_reason!: string | null;
  @ApiProperty({ nullable: true, type: Date, description: 'When the status was last read from Twilio' }) a2p_checked_at!: Date | null;
  @ApiProperty(text) business_legal_name!: string | null;
  @ApiProperty(text) business_type!: string | null;
  @ApiProperty(text) ein_tax_id!: string | null;
  @ApiProperty(text) business_street!: string | null;
  @ApiProperty(text) business_city!: string | null;
  @ApiProperty(text) business_state!: string | null;
  @ApiProperty(text) business_zip!: string | null;
  @ApiProperty({ example: 'US' }) business_country!: string;
  @ApiProperty(text) business_website!: string | null;
  @ApiProperty(text) business_industry!: string | null;
  @ApiProperty(text) business_description!: string | null;
  @ApiProperty(text) contact_first_name!: string | null;
  @ApiProperty(text) contact_last_name!: string | null;
  @ApiProperty(text) contact_email!: string | null;
  @ApiProperty(text) contact_phone!: string | null;
  @ApiProperty(text) stock_exchange!: string | null;
  @ApiProperty(text) stock_symbol!: string | null;
  @ApiProperty() created_at!: Date;
}

export function toOrganizationResponse(org: Organization): OrganizationResponseDto {
  return {
    id: org.id,
    name: org.name,
    twilio_subaccount_sid: org.twilioSubaccountSid ?? null,
    twilio_subaccount_auth_token_set: Boolean(org.twilioSubaccountAuthToken),
    subaccount_origin: org.subaccountOrigin ?? null,
    imported_at: org.importedAt ?? null,
    a2p_brand_id: org.a2pBrandId ?? null,
    a2p_status: org.a2pStatus,
    a2p_failure_reason: org.a2pFailureReason ?? null,
    a2p_checked_at: org.a2pCheckedAt ?? null,
    business_legal_name: org.businessLegalName ?? null,
    business_type: org.businessType ?? null,
    ein_tax_id: org.einTaxId ?? null,
    business_street: org.businessStreet ?? null,
    business_city: org.businessCity ?? null,
    business_state: org.businessState ?? null,
    business_zip: org.businessZip ?? null,
    business_country: org.businessCountry,
    business_website: org.businessWebsite ?? null,
    business_industry: org.businessIndustry ?? null,
    business_description: org.businessDescription ?? null,
    contact_first_name: org.contactFirstName ?? null,
    contact_last_name: org.contactLastName ?? null,
    contact_email: org.contactEmail ?? null,
    contact_phone: org.contactPhone ?? null,
    stock_exchange: org.stockExchange ?? null,
    stock_symbol: org.stockSymbol ?? null,
    created_at: org.createdAt,
  };
}
