/**
 * A user_audits row as the product wrote it before detail codes (migrations 019 and 032 rewrite
 * such rows): the fields a migration test names, the rest as they were then.
 */
export const earlierAuditRow = (fields: {
  readonly resource: string;
  readonly action: string;
  readonly name: string;
  readonly detail: string | null;
  readonly username?: string;
  readonly user_id?: number | null;
}) => ({
  environment_id: 1,
  user_id: null,
  username: 'admin',
  detail_code: null,
  detail_params: null,
  changes: null,
  created_at: 1,
  ...fields,
});
