import type { EndpointSpec, EnvironmentScopedPath } from '@halo/shared';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { LogColumn } from './components/LogTable';

/** The query parameters the kit itself adds to a screen's filters: the time range, paging, the export's language. */
type KitParameter = 'start_date' | 'end_date' | 'page_size' | 'object_id' | 'since_id' | 'lang';

/** A log's list call (newest first, older pages by `object_id`); its answer, parsed with the contract's schema, is `Answer`. */
export interface LogListEndpoint<Answer> extends EndpointSpec {
  readonly path: EnvironmentScopedPath;
  readonly query: z.ZodType<unknown, object>;
  readonly answer: z.ZodType<Answer>;
}

/** A log's CSV export: the same filters as its list, and the language of the labels. */
export interface LogExportEndpoint extends EndpointSpec {
  readonly path: EnvironmentScopedPath;
  readonly query: z.ZodType<unknown, object>;
  readonly kind: 'download';
}

/** What a screen's filters become in a call's query: the contract's query without what the kit adds. */
export type LogFilterQuery<Endpoint extends { readonly query: z.ZodType }> = Omit<
  z.input<Endpoint['query']>,
  KitParameter
>;

/**
 * What a log screen (the system, audit and messaging logs) declares; `useLogScreen` and
 * `LogScreen` do the rest: the time range and the filters in the address, the first page
 * whenever they change, older pages by cursor, and a CSV export of the very same query.
 */
export interface LogScreenDefinition<Entry, Filters, Answer = unknown> {
  /** Names the screen in its test id: `TestId.logs.screen(name)`. */
  readonly name: string;
  readonly endpoints: { readonly list: LogListEndpoint<Answer>; readonly export: LogExportEndpoint };
  /** The entries of a list answer (`{ user_audits: [...] }` → entries), newest first. */
  readonly rowsOf: (answer: Answer) => readonly Entry[];
  /** The screen's own filters from the address, each value checked (a link may hold anything). */
  readonly readFilters: (params: URLSearchParams) => Filters;
  /** The filters as the API's query (without the time range and paging), sent to the list and the export alike. */
  readonly toQuery: (filters: Filters) => object;
  readonly columns: (t: TFunction) => readonly LogColumn<Entry>[];
  /** A row's accent (its severity colour), if the log has one. */
  readonly accentOf?: (entry: Entry) => string | undefined;
  /** The empty state's title. */
  readonly emptyKey: string;
  /** 100 unless told. */
  readonly pageSize?: number;
  /** Rows kept on screen when live entries are prepended (unbounded unless told). */
  readonly cap?: number;
}

/**
 * Declares a log screen, its filter query checked against both calls' contract queries: a
 * filter value the list or the export would refuse does not compile.
 */
export function defineLogScreen<
  Entry,
  Filters,
  Answer,
  List extends LogListEndpoint<Answer>,
  Export extends LogExportEndpoint,
>(
  definition: LogScreenDefinition<Entry, Filters, Answer> & {
    readonly endpoints: { readonly list: List; readonly export: Export };
    readonly toQuery: (filters: Filters) => LogFilterQuery<List> & LogFilterQuery<Export>;
  },
): LogScreenDefinition<Entry, Filters, Answer> {
  return definition;
}
