/** PHH (poker hand history, "phh-std") interop: parse, import/replay through the engine, export. */
export * from './types';
export { parsePhh, parsePhhAction, parsePhhCards, toWholeChips } from './parse';
export { completeDeck, dealPassesThenBoard, phhCodeOf, type PhhVariantRow } from './variants';
export { phhVariant, phhCodeFor, phhVariantCodes } from './table';
export { importPhh, recordedHoles, type PhhImport } from './import';
export { replayPhh, replayPhhText, defaultPhhAction, type PhhReplay } from './replay';
export { exportPhh, exportPhhFor, eventsSeenBy, NAIKO_VARIANT_CODE } from './export';
