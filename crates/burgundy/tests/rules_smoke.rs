mod common;
use common::*;
use tabuleiro_burgundy::Tile;

#[test]
fn fixture_reaches_a_turn_and_takes_a_tile() {
    let mut g = game_at_turn(
        2,
        [vec![Tile::Ship], vec![], vec![], vec![], vec![], vec![]],
        vec![],
        [1, 2],
    );
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "take 1 ship");
    assert_eq!(g.players[0].storage, vec![Tile::Ship]);
    // Ship on space 17 (W2, next to the castle on 18) with die 2.
    act(&mut g, 0, "die 2 2");
    act(&mut g, 0, "place ship 17");
    assert_eq!(g.players[0].spaces.0[17], Some(Tile::Ship));
}
