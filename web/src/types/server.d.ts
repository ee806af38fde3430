// Generated from the Rust types by crates/web/tests/ts_types.rs: do not edit.
// After changing them: TABULEIRO_BLESS=1 cargo test --release -p tabuleiro-web --test ts_types

/**
 * An event the server logs itself (seats changing hands, undo, the end of an
 * abandoned game), in the form clients and the store have always had:
 * `{"undo": {"seat": 0, "undid": 12}}`.
 */
export type ServerEvent = { "undo": { seat: number,
    /**
     * Absent in older logs.
     */
    undid?: number | null, } } | { "seat_to_bot": { seat: number, bot: string, } } | { "joined": { seat: number, name: string, } } | { "abandoned": { idle_ms: number, } };
