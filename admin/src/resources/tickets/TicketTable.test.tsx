import { renderToStaticMarkup } from 'react-dom/server';
import { I18nContextProvider, ListContextProvider, StoreContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import { store } from '../../providers/store';
import { FirstSortLabel, sortAfterClick } from './TicketTable';

/** The sort label's classes (the markup also holds its style rules, which name the classes too). */
const labelClasses = (markup: string) => markup.match(/<span class="([^"]*MuiTableSortLabel-root[^"]*)"/)?.[1].split(' ') ?? [];

const header = (sort: ListControllerResult['sort'], source: string, label: string) =>
  renderToStaticMarkup(
    <StoreContextProvider value={store}>
      <I18nContextProvider value={i18nProvider}>
        <ListContextProvider value={{ sort, setSort: vi.fn() } as unknown as ListControllerResult}>
          <FirstSortLabel source={source} label={label} />
        </ListContextProvider>
      </I18nContextProvider>
    </StoreContextProvider>,
  );

describe("a sortable column's header in the table's first render", () => {
  it("names the click's sort as react-admin's header tooltip does, and shows the current sort", () => {
    const created = header({ field: 'created_at', order: 'DESC' }, 'created_at', 'Created');
    expect(created).toContain('aria-label="Sort by created ascending"');
    expect(labelClasses(created)).toEqual(expect.arrayContaining(['Mui-active', 'MuiTableSortLabel-directionDesc']));
    expect(created).toContain('<span>Created</span>');
    const status = header({ field: 'created_at', order: 'DESC' }, 'status', 'Status');
    expect(status).toContain('aria-label="Sort by status ascending"');
    expect(labelClasses(status)).toContain('MuiTableSortLabel-root');
    expect(labelClasses(status)).not.toContain('Mui-active');
  });

  it('sorts by the column ascending, and the other way when it is the current sort', () => {
    expect(sortAfterClick({ field: 'created_at', order: 'DESC' }, 'ticket_number')).toEqual({ field: 'ticket_number', order: 'ASC' });
    expect(sortAfterClick({ field: 'ticket_number', order: 'ASC' }, 'ticket_number')).toEqual({ field: 'ticket_number', order: 'DESC' });
    expect(sortAfterClick({ field: 'ticket_number', order: 'DESC' }, 'ticket_number')).toEqual({ field: 'ticket_number', order: 'ASC' });
    expect(sortAfterClick(undefined, 'status')).toEqual({ field: 'status', order: 'ASC' });
  });
});
