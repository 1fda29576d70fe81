import { API, ErrorCode, logTimeWindow, Severity, ValidationKey } from '@halo/shared';
import { sql } from 'kysely';
import { route } from '../../http/endpointRoute.js';
import { refuse } from '../../errors/httpError.js';
import { selectSystemLogs } from './systemLogQuery.js';

const DEFAULT_BUCKETS = 48;
const SEVERITIES = Object.values(Severity);

/**
 * GET config/{env}/system_logs/histogram: the entries the filters select in start-end, counted
 * by severity in `buckets` equal slices (48 unless told), oldest slice first; one grouped
 * query, whatever the range.
 */
export const systemLogHistogram = route(API.logs.systemLogsHistogram, (context) => async ({ auth, query, signal }) => {
  const { from, to } = logTimeWindow(query);
  if (from === undefined || to === undefined || to <= from)
    throw refuse(ErrorCode.BAD_QUERY_PARAMETER, { end_date: ValidationKey.INVALID });
  const buckets = query.buckets ?? DEFAULT_BUCKETS;
  const bucketMs = Math.max(1, Math.ceil((to - from) / buckets));
  // Whole numbers checked above, written into the SQL so both dialects see one expression in select and group by.
  const slice = sql<number>`cast((log_time - ${sql.lit(from)}) / ${sql.lit(bucketMs)} as integer)`;
  const rows = await context.reads.begin('page', signal).rows(
    selectSystemLogs(context.db, auth.target.id, query)
      .select([slice.as('bucket'), 'severity', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy([slice, 'severity'])
      .compile(),
  );
  const counts = Array.from({ length: buckets }, () => [0, 0, 0, 0] as [number, number, number, number]);
  for (const row of rows) {
    const bucket = counts[Number(row.bucket)];
    const severity = SEVERITIES.indexOf(row.severity as Severity);
    if (bucket && severity >= 0) bucket[severity] = (bucket[severity] ?? 0) + Number(row.count);
  }
  return {
    histogram: {
      bucket_ms: bucketMs,
      buckets: counts.map((severityCounts, index) => ({
        start: new Date(from + index * bucketMs).toISOString(),
        counts: severityCounts,
      })),
    },
  };
});
