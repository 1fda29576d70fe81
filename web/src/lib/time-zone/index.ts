export {
  effectiveTimeZone,
  TimeOfDay,
  Timestamp,
  timeFormatOf,
  TimeZoneProvider,
  useTimeFormat,
  useTimeZone,
  type TimeFormat,
} from './timeZoneContext';
