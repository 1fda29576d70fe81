import type { Kysely } from 'kysely';

/**
 * Devices in groups (issue 27's group silences; issue 28's bulk actions add and remove many):
 * a device belongs to any number of its environment's groups. A silence may name a group: it
 * covers the devices in the group while it lasts (members as they are then, not as they were).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_group_members')
    .addColumn('group_id', 'integer', (column) => column.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (column) => column.notNull().references('devices.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_group_members_pk', ['group_id', 'device_id'])
    .execute();
  await db.schema.createIndex('device_group_members_device').on('device_group_members').column('device_id').execute();
  await db.schema.alterTable('alarm_silences').addColumn('group_id', 'integer').execute();
  await db.schema.alterTable('alarm_silences').addColumn('group_name', 'varchar(64)').execute();
}
