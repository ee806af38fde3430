// Generated from the Rust types by crates/web/tests/ts_types.rs: do not edit.
// After changing them: TABULEIRO_BLESS=1 cargo test --release -p tabuleiro-web --test ts_types

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * A catalogue key with named arguments, for example
 * `{"key": "refusal.not_adjacent", "args": {"space": 12}}`.
 */
export type Message = { key: string, args?: { [key in string]: JsonValue }, };

/**
 * A legal decision as the tables receive it.
 */
export type Offer = {
  /**
   * The action's text form, sent back as is to decide.
   */
  action: string, path: Array<string>, label: Message,
  /**
   * Taking it closes the seat's undo window (the turn passes, chance follows,
   * something is revealed, the game ends): a table may ask to confirm it, since
   * it cannot be taken back. Set by [`crate::Session::offers`].
   */
  ends_turn?: boolean, };

/**
 * Someone with a place in the result.
 */
export type Participant = { "seat": number } | { "automaton": string };

/**
 * A set of seats, kept in one word so that asking who acts never allocates.
 * Serialized as the list of its seats, in order.
 */
export type SeatSet = Array<number>;

/**
 * One line of a result: a participant or a team, its score and its place.
 */
export type Standing = {
  /**
   * 1 for the winners; equal places for a tie the rules leave standing.
   */
  place: number,
  /**
   * One participant, or the partners of a team.
   */
  members: Array<Participant>, score: number, };
