import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { BooleanInput, RadioButtonGroupInput, SelectInput, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CONTACT_METHODS,
  descriptionCounter,
  ISSUE_CATEGORIES,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_START_TIMES,
  isQuestionAsked,
  JACK_MODELS,
  PREFERRED_RESOLUTIONS,
  purchaseLocationOptions,
  TICKET_PRIORITIES,
  YES_NO,
} from '../../lib/ticketForm';
import { WarrantyBadge } from './WarrantyBadge';

const choices = (options: readonly string[]) => options.map(option => ({ id: option, name: option }));
/** Shared by every input: compact, full width, no reserved helper line; `data-field` names it for tests. */
const common = (source: string) => ({ source, size: 'small', margin: 'none', fullWidth: true, helperText: false, 'data-field': source }) as const;

/** Radio groups pass their props to two elements: `data-field` goes on a wrapper instead. */
const radio = (source: string) => ({ source, margin: 'none', fullWidth: true, helperText: false }) as const;

/**
 * The Create New Ticket form's five sections (spec part 1 section 2), inside a react-admin Form;
 * the Edit view shares it. `questions`: the ticket questions the organization asks (undefined:
 * all); the others are not shown. `brands`: the brand choices (the default brand when blank).
 */
export function TicketInputs({ hostName, questions, brands = [] }: { hostName?: string; questions?: readonly string[]; brands?: readonly string[] }) {
  const troubleshooting = useWatch({ name: 'troubleshootingAttempted' });
  const asks = (question: Parameters<typeof isQuestionAsked>[1]) => isQuestionAsked(questions, question);
  const brand: string = useWatch({ name: 'productBrand' }) ?? '';
  const brandChoices = brand && !brands.includes(brand) ? [...brands, brand] : brands;
  // A model a call or the AI agent took as free text stays visible until one of the options replaces it.
  const model: string = useWatch({ name: 'jackModel' }) ?? '';
  const modelChoices = model && !(JACK_MODELS as readonly string[]).includes(model) ? [...JACK_MODELS, model] : JACK_MODELS;
  return (
    <>
      <RevalidateAfterSubmit />
      <Section title="Customer Information">
        <TextInput {...common('customerName')} label="Full Name" isRequired resettable={false} />
        <TextInput {...common('customerEmail')} label="Email" type="email" isRequired resettable={false} />
        <TextInput {...common('customerPhone')} label="Phone" type="tel" resettable={false} />
        <SelectInput {...common('contactMethod')} label="Preferred Contact Method" choices={choices(CONTACT_METHODS)} isRequired />
      </Section>

      <Section title="Order Information">
        <TextInput {...common('orderNumber')} label="Order Number" isRequired resettable={false} />
        {asks('purchase_date') ? (
          <Box>
            <TextInput {...common('purchaseDate')} label="Purchase Date" type="date" isRequired resettable={false} slotProps={{ inputLabel: { shrink: true } }} />
            <WarrantyBadge />
          </Box>
        ) : null}
        {asks('purchase_location') ? (
          <SelectInput {...common('purchaseLocation')} label="Purchase Location" choices={choices(purchaseLocationOptions(hostName))} isRequired />
        ) : null}
      </Section>

      <Section title="Product Details">
        <SelectInput {...common('productBrand')} label="Brand" choices={choices(brandChoices)} emptyText="Default brand" />
        <TextInput {...common('productSku')} label="Product SKU/Model" isRequired resettable={false} />
        {asks('product_model') ? <SelectInput {...common('jackModel')} label="Jack Model" choices={choices(modelChoices)} isRequired /> : null}
        <TextInput {...common('serialNumber')} label="Serial Number" resettable={false} />
      </Section>

      <Section title="Issue Details">
        <SelectInput {...common('issueCategory')} label="Issue Category" choices={choices(ISSUE_CATEGORIES)} isRequired />
        <SelectInput {...common('issueStartTime')} label="When did the issue start?" choices={choices(ISSUE_START_TIMES)} isRequired />
        <SelectInput {...common('priority')} label="Priority" choices={choices(TICKET_PRIORITIES)} isRequired />
        {asks('issue_description') ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextInput {...common('issueDescription')} label="Issue Description" multiline minRows={4} placeholder="Describe the problem in detail" isRequired resettable={false} />
            <DescriptionCounter />
          </Box>
        ) : null}
        {asks('injury_reported') ? (
          <Box data-field="injuryReported">
            <BooleanInput source="injuryReported" label="Injury Reported" helperText={false} />
          </Box>
        ) : null}
        {asks('property_damage') ? (
          <Box data-field="propertyDamage">
            <BooleanInput source="propertyDamage" label="Property Damage" helperText={false} />
          </Box>
        ) : null}
        <Box sx={{ gridColumn: '1 / -1' }} data-field="troubleshootingAttempted">
          <RadioButtonGroupInput {...radio('troubleshootingAttempted')} label="Have you attempted any troubleshooting?" choices={choices(YES_NO)} row />
        </Box>
        {troubleshooting === 'Yes' ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextInput {...common('troubleshootingSteps')} label="Troubleshooting Steps" multiline minRows={3} isRequired resettable={false} />
          </Box>
        ) : null}
      </Section>

      <Section title="Resolution Preference" last>
        <Box sx={{ gridColumn: '1 / -1' }} data-field="preferredResolution">
          <RadioButtonGroupInput
            {...radio('preferredResolution')}
            label="Preferred Resolution"
            choices={choices(PREFERRED_RESOLUTIONS)}
            isRequired
            sx={{ '& .MuiRadioGroup-root': { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } }}
          />
        </Box>
      </Section>
    </>
  );
}

/** After a first attempt the messages follow every change, fields that just appeared included. */
function RevalidateAfterSubmit() {
  const { trigger, formState } = useFormContext();
  const values = useWatch();
  const seen = useRef(values);
  const submitted = formState.isSubmitted;
  useEffect(() => {
    if (seen.current === values) return; // not on the submit itself: the server's messages stay
    seen.current = values;
    if (submitted) void trigger();
  }, [values, submitted, trigger]);
  return null;
}

function Section({ title, children, last }: { title: string; children: ReactNode; last?: boolean }) {
  return (
    <Box component="section" sx={{ mb: last ? 0 : 3 }} aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>{children}</Box>
    </Box>
  );
}

function DescriptionCounter() {
  const description: string = useWatch({ name: 'issueDescription' }) ?? '';
  return (
    <Typography
      variant="caption"
      data-testid="description-counter"
      sx={{ display: 'block', mt: 0.5, color: description.trim().length >= ISSUE_DESCRIPTION_MIN ? 'success.main' : 'text.secondary' }}
    >
      {descriptionCounter(description)}
    </Typography>
  );
}
