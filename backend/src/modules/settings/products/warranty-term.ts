/** The term parser lives in the shared contract (the admin's create dialog reads terms the same way). */
export { parseWarrantyTerm, warrantyTermDays, type ParsedWarrantyTerm } from '@warranty-crm/contract';
