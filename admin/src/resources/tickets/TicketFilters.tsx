import { useState } from 'react';
import { Box, Button, Card, CardContent } from '@mui/material';
import { Form, SelectInput, TextInput, useListContext } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { useAfterFirstPaint } from '../../lib/afterFirstPaint';
import { ALL, EMPTY_FILTERS, fromListFilter, PRIORITY_FILTER_OPTIONS, SLA_FILTER_OPTIONS, STATUS_FILTER_OPTIONS, toListFilter, type TicketFilterValues } from '../../lib/ticketList';
import { useCrmQuery } from '../../providers/useCrm';
import { AssignmentFilters } from './assignment/AssignmentFilters';

const choicesOf = (options: readonly { value: string; label: string }[]) =>
  options.filter(option => option.value !== ALL).map(option => ({ id: option.value, name: option.label }));

/** Status, Brand, Priority, Response (Due soon / Overdue), Date From, Date To: edited values apply on Apply Filters; Reset returns all to all/empty. */
export function TicketFilters() {
  const { filterValues, setFilters } = useListContext();
  // the form starts from the list's filter (kept across visits) and is the user's from then on:
  // it must not be reset under their hands when the list's filter changes
  const [initial] = useState(() => fromListFilter(filterValues));
  // the inputs come in the render after the list's first (useAfterFirstPaint): the rows first
  const mounted = useAfterFirstPaint();
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <AssignmentFilters />
        {mounted ? <Form noValidate
          defaultValues={initial}
          // the assignee (Assigned to me / Unassigned, above) stays as it is
          onSubmit={(values: FieldValues) =>
            setFilters({ ...toListFilter(values as TicketFilterValues), ...(filterValues.assignee_id ? { assignee_id: filterValues.assignee_id } : {}) }, {})
          }
          sanitizeEmptyValues={false}
        >
          <FilterInputs onReset={() => setFilters({}, {})} />
        </Form> : <FilterPlaceholder />}
      </CardContent>
    </Card>
  );
}

/** The filters' grid (FILTER_GRID) as it is laid out, with an outlined box where each input will be. */
function FilterPlaceholder() {
  return (
    <Box sx={FILTER_GRID} aria-hidden="true" data-testid="filters-placeholder">
      {Array.from({ length: 6 }, (_, i) => (
        <Box key={i} sx={{ height: INPUT_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1 }} />
      ))}
      <Box sx={{ gridColumn: '1 / -1', height: BUTTON_HEIGHT }} />
    </Box>
  );
}

/** A small outlined input's height (MUI: 8.5 px padding and a 23 px line), a medium button's. */
const INPUT_HEIGHT = 40;
const BUTTON_HEIGHT = 36.5;

const FILTER_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

function FilterInputs({ onReset }: { onReset: () => void }) {
  const { reset, getValues } = useFormContext<TicketFilterValues>();
  const { data: brands = [] } = useCrmQuery('settings', 'getSettings', [], { select: settings => settings?.brands ?? [] });
  const brand = getValues('brand');
  const brandChoices = (brand && brand !== ALL && !brands.includes(brand) ? [...brands, brand] : brands).map(name => ({ id: name, name }));
  const select = { emptyValue: ALL, emptyText: 'All', size: 'small', margin: 'none', helperText: false } as const;
  const date = { type: 'date', size: 'small', margin: 'none', helperText: false, resettable: false, slotProps: { inputLabel: { shrink: true } } } as const;

  return (
    <Box sx={FILTER_GRID}>
      <SelectInput source="status" label="Status" choices={choicesOf(STATUS_FILTER_OPTIONS)} data-testid="filter-status" {...select} />
      <SelectInput source="brand" label="Brand" choices={brandChoices} data-testid="filter-brand" {...select} />
      <SelectInput source="priority" label="Priority" choices={choicesOf(PRIORITY_FILTER_OPTIONS)} data-testid="filter-priority" {...select} />
      <SelectInput source="sla" label="Response" choices={choicesOf(SLA_FILTER_OPTIONS)} data-testid="filter-sla" {...select} />
      <TextInput source="dateFrom" label="Date From" {...date} slotProps={{ ...date.slotProps, htmlInput: { 'data-testid': 'filter-date-from' } }} />
      <TextInput source="dateTo" label="Date To" {...date} slotProps={{ ...date.slotProps, htmlInput: { 'data-testid': 'filter-date-to' } }} />
      <Box sx={{ display: 'flex', gap: 1, gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" data-testid="apply-filters">
          Apply Filters
        </Button>
        <Button
          variant="outlined"
          data-testid="reset-filters"
          onClick={() => {
            reset(EMPTY_FILTERS);
            onReset();
          }}
        >
          Reset
        </Button>
      </Box>
    </Box>
  );
}
