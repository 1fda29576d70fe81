export { historyEntryMemory, type HistoryEntryMemory } from './historyEntryMemory';
