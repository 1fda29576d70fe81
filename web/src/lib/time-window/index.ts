export {
  DEFAULT_TIME_WINDOW,
  dateTimeInputValue,
  instantOfDateTimeInput,
  isValidRange,
  searchWithTimeWindow,
  TIME_WINDOW_PRESETS,
  timeWindowFromSearch,
  timeWindowKey,
  timeWindowRange,
  type TimeWindow,
} from './timeWindow';
export { useTimeWindow } from './useTimeWindow';
export { durationText, percentText } from './formatFigures';
